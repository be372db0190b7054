import { extractContextSignals, lexiconKeywords } from '#server/ai/offline/search/context-signals.ts'
import { findEntry, knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { categories, categoryLabels, type Category } from '#server/ai/offline/knowledge/schema.ts'
import type { SearchIndex } from '#server/ai/offline/search/search-index.ts'
import { analyze, analyzeWithSurface } from '#server/ai/offline/search/text/analyze.ts'

/** A tag shared by more entries than this is too general to say what a job is about. */
const SPECIFIC_TAG_MAX_DF = 8

/** Words that frame a topic request rather than name a topic ("React interview questions"). */
const TOPIC_FRAMING =
  /\b(interview|interviews|questions?|topics?|about|practice|common|typical|tricky|basic|advanced|some|give me)\b/gi

export function stripTopicFraming(topic: string): string {
  const stripped = topic.replace(TOPIC_FRAMING, ' ').replace(/\s+/g, ' ').trim()
  return stripped === '' ? topic : stripped
}

const labelTerms: ReadonlyMap<Category, ReadonlySet<string>> = new Map(
  categories.map((c) => [c, new Set([...analyze(categoryLabels[c]), ...analyze(c.replace(/-/g, ' '))])]),
)

/**
 * Broad areas people ask to practise, and the categories they cover. Specific technologies
 * (Kafka, Redis, caching) are deliberately absent: those are matched through the index instead.
 */
const topicAreas: readonly (readonly [string, readonly (readonly [Category, number])[]])[] = [
  [
    'frontend',
    [
      ['react', 1],
      ['javascript-typescript', 0.9],
      ['networking-web', 0.5],
    ],
  ],
  [
    'front end',
    [
      ['react', 1],
      ['javascript-typescript', 0.9],
      ['networking-web', 0.5],
    ],
  ],
  [
    'backend',
    [
      ['system-design', 1],
      ['sql-databases', 0.9],
      ['networking-web', 0.7],
    ],
  ],
  [
    'full stack',
    [
      ['react', 0.8],
      ['javascript-typescript', 0.8],
      ['sql-databases', 0.7],
      ['networking-web', 0.7],
      ['system-design', 0.6],
    ],
  ],
  [
    'web',
    [
      ['networking-web', 1],
      ['react', 0.5],
      ['javascript-typescript', 0.5],
    ],
  ],
  [
    'devops',
    [
      ['testing-devops', 1],
      ['networking-web', 0.4],
      ['system-design', 0.4],
    ],
  ],
  [
    'sre',
    [
      ['testing-devops', 1],
      ['system-design', 0.6],
    ],
  ],
  [
    'cloud',
    [
      ['testing-devops', 1],
      ['system-design', 0.7],
    ],
  ],
  [
    'infrastructure',
    [
      ['testing-devops', 1],
      ['system-design', 0.6],
    ],
  ],
  ['qa', [['testing-devops', 1]]],
  ['database', [['sql-databases', 1]]],
  ['postgresql', [['sql-databases', 1]]],
  ['mysql', [['sql-databases', 1]]],
  [
    'data engineering',
    [
      ['sql-databases', 1],
      ['system-design', 0.6],
    ],
  ],
  [
    'node.js',
    [
      ['javascript-typescript', 1],
      ['system-design', 0.4],
    ],
  ],
  [
    'coding',
    [
      ['algorithms', 1],
      ['data-structures', 1],
    ],
  ],
  [
    'leetcode',
    [
      ['algorithms', 1],
      ['data-structures', 1],
    ],
  ],
  [
    'dsa',
    [
      ['algorithms', 1],
      ['data-structures', 1],
    ],
  ],
  [
    'computer science',
    [
      ['algorithms', 1],
      ['data-structures', 1],
      ['operating-systems', 0.8],
    ],
  ],
  [
    'cs fundamentals',
    [
      ['operating-systems', 1],
      ['software-design', 0.8],
      ['sql-databases', 0.7],
      ['networking-web', 0.7],
    ],
  ],
  ['os', [['operating-systems', 1]]],
  ['oops', [['software-design', 1]]],
  ['object oriented', [['software-design', 1]]],
  ['dbms', [['sql-databases', 1]]],
  ['computer networks', [['networking-web', 1]]],
  ['architecture', [['system-design', 1]]],
  ['distributed systems', [['system-design', 1]]],
  ['scalability', [['system-design', 1]]],
  ['security', [['networking-web', 1]]],
  ['soft skills', [['behavioural', 1]]],
  ['culture fit', [['behavioural', 1]]],
  ['hr', [['behavioural', 1]]],
  ['leadership', [['behavioural', 1]]],
  ['management', [['behavioural', 1]]],
  ['star', [['behavioural', 1]]],
]

const compiledAreas = topicAreas.map(([phrase, weights]) => ({ terms: analyze(phrase), weights }))

/**
 * How strongly a topic names each category: by the category's label ("SQL and databases",
 * "behavioural") or by a broad area ("frontend" → React first, JavaScript close behind).
 */
function topicCategoryAffinity(topic: string): Map<Category, number> {
  const affinity = new Map<Category, number>()
  const terms = analyze(topic)
  if (terms.length === 0) return affinity
  const termSet = new Set(terms)
  const raise = (category: Category, value: number): void => {
    affinity.set(category, Math.max(affinity.get(category) ?? 0, value))
  }
  for (const area of compiledAreas) {
    if (area.terms.length > 0 && area.terms.every((t) => termSet.has(t))) for (const [c, w] of area.weights) raise(c, w)
  }
  for (const [category, label] of labelTerms) {
    const overlap = terms.filter((t) => label.has(t)).length / terms.length
    if (overlap > 0) raise(category, overlap)
  }
  return affinity
}

/** A category the topic names this strongly is "the" topic; other categories only match weakly. */
const TOPIC_CATEGORY_AFFINITY = 0.6
const OFF_CATEGORY_FACTOR = 0.4
const CATEGORY_RELEVANCE = 0.8

/**
 * Relevance in [0, 1] of every knowledge-base entry to a topic. Full-text relevance counts in
 * full only when the topic appears in the entry's question, phrasings or tags (a passing mention
 * in an answer is not "about" the topic). When the topic names categories, their entries get
 * CATEGORY_RELEVANCE and entries elsewhere keep only a fraction of their text relevance.
 */
export function topicRelevance(topic: string, index: SearchIndex): Map<string, number> {
  const queryTerms = index.analyzeQuery(topic)
  const affinity = topicCategoryAffinity(topic)
  const topicCategories = new Set([...affinity].filter(([, a]) => a >= TOPIC_CATEGORY_AFFINITY).map(([c]) => c))
  const relevance = new Map<string, number>()
  const hits = index.search(queryTerms)
  const top = hits[0]?.score ?? 0
  for (const entry of knowledgeBase) relevance.set(entry.id, CATEGORY_RELEVANCE * (affinity.get(entry.category) ?? 0))
  if (top > 0 && queryTerms.length > 0) {
    for (const hit of hits) {
      const entry = findEntry(hit.id)
      if (!entry) continue
      const titleCoverage = new Set(hit.titleTerms).size / queryTerms.length
      let text = (hit.score / top) * (0.5 + 0.5 * titleCoverage)
      if (topicCategories.size > 0 && !topicCategories.has(entry.category)) text *= OFF_CATEGORY_FACTOR
      relevance.set(hit.id, Math.max(relevance.get(hit.id) ?? 0, text))
    }
  }
  return relevance
}

/**
 * Relevance in [0, 1] of every entry to a job description: the categories it points at (60 %)
 * and how many of the entry's tags it mentions (40 %, saturating at two tags).
 */
export function jobDescriptionRelevance(jobDescription: string, index: SearchIndex): Map<string, number> {
  const signals = extractContextSignals({ jobDescription })
  const relevance = new Map<string, number>()
  if (signals.isEmpty) return relevance
  for (const entry of knowledgeBase) {
    const affinity = signals.categoryAffinity.get(entry.category) ?? 0
    const overlap = index
      .termsOf(entry.id, 'tags')
      .filter((t) => signals.termCounts.has(t) && index.documentFrequency(t) <= SPECIFIC_TAG_MAX_DF).length
    const value = 0.6 * affinity + 0.4 * Math.min(1, overlap / 2)
    if (value > 0) relevance.set(entry.id, value)
  }
  return relevance
}

/** Topic keywords of a job description: lexicon keywords, then rare knowledge-base tags. */
export function jobDescriptionKeywords(jobDescription: string, index: SearchIndex, limit = 8): string[] {
  const keywords = lexiconKeywords(jobDescription)
  const seenTerms = new Set(keywords.flatMap((k) => analyze(k)))
  const tagTerms = new Set(knowledgeBase.flatMap((e) => index.termsOf(e.id, 'tags')))
  for (const { term, surface } of analyzeWithSurface(jobDescription)) {
    if (seenTerms.has(term) || !tagTerms.has(term) || index.documentFrequency(term) > SPECIFIC_TAG_MAX_DF) continue
    seenTerms.add(term)
    keywords.push(surface)
  }
  return keywords.slice(0, limit)
}
