import { analyze, analyzeWithSurface, type AnalyzedTerm } from '#server/ai/offline/search/text/analyze.ts'
import { editDistance } from '#server/ai/offline/search/text/edit-distance.ts'
import { fieldWithItsNames, splitFieldQualifier } from '#server/ai/offline/search/text/field-qualifier.ts'
import { everydayWordingsOf } from '#server/ai/offline/knowledge/everyday-wordings.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/**
 * BM25F full-text index: each document has weighted fields, term frequencies are normalised per
 * field by that field's length, combined with the field weights, then saturated once with k1
 * (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond").
 */

const searchFields = ['title', 'tags', 'keyPoints', 'answer', 'wordings'] as const
export type SearchField = (typeof searchFields)[number]

/**
 * Question + phrasings > tags and everyday wordings > key points > answer. The everyday wordings
 * (`everyday-wordings.ts`) describe the concept in ordinary words: a word they share with a
 * question says less than one the entry's own question shares, and as much as a tag.
 */
const fieldWeights: Readonly<Record<SearchField, number>> = {
  title: 3,
  tags: 2,
  wordings: 2,
  keyPoints: 1.5,
  answer: 1,
}
const fieldLengthNormalisation: Readonly<Record<SearchField, number>> = {
  title: 0.5,
  tags: 0.4,
  keyPoints: 0.6,
  answer: 0.75,
  wordings: 0.5,
}
const K1 = 1.2
/**
 * A slip of the keys changes one letter, swaps two, or drops or doubles one; a word two edits away
 * is as likely another word ("deducted" and "detected", "conference" and "confidence"). On the
 * development questions every two-edit correction was a real word the index lacks.
 */
const MAX_SLIP_DISTANCE = 1

/**
 * Two words of the same length that differ only in their last letter are more often two words
 * ("cancer" and "cancel", "linker" and "linked", "fifty" and "fifth") than a slip, when the typed
 * word ends as English words do; "closurw" and "mutez" end as no word does, and are slips.
 */
const ENGLISH_ENDING = /(?:ed|er|or|en|al|el|le|ly|ty|y|s|ing|ion|ic|nt|st)$/
const isAnotherEnding = (typed: string, known: string): boolean =>
  typed.length === known.length && typed.slice(0, -1) === known.slice(0, -1) && ENGLISH_ENDING.test(typed)

/** How much a spelling-corrected query word counts compared with one typed correctly. */
const CORRECTED_TERM_WEIGHT = 0.85

export type IndexableDocument = {
  id: string
  fields: Readonly<Record<SearchField, string>>
}

export type QueryTerm = {
  term: string
  /** The word(s) of the query this term came from. */
  surface: string
  weight: number
  /** Set when the query word was not in the vocabulary and was replaced by the closest word. */
  correctedFrom?: string
  /** The vocabulary word it was replaced by. */
  correctedTo?: string
  known: boolean
  /**
   * Set when the term comes only from the field the question names at its end, start or inside as
   * where the concept lives ("data structures" in "what is a queue in data structures"): it still
   * counts for the text score, but it does not name what is asked.
   */
  namesTheField?: true
}

export type SearchHit = {
  id: string
  score: number
  /** Query terms found in any field. */
  matchedTerms: string[]
  /** Query terms found in the question, its phrasings or its tags. */
  titleTerms: string[]
}

type IndexedDocument = {
  id: string
  lengths: Record<SearchField, number>
  /** Term → occurrences per field, in `searchFields` order. */
  frequencies: Map<string, number[]>
}

const fieldPosition: Readonly<Record<SearchField, number>> = { title: 0, tags: 1, keyPoints: 2, answer: 3, wordings: 4 }

/**
 * Everyday verbs that lend their action to the noun after them ("took ownership", "made a
 * mistake", "gave feedback"), and those that frame a request ("talk about", "walk me through"):
 * the nouns name what is asked, the verbs name nothing. Few entries happen to use them, so such a
 * verb is rare, and as a naming word it would outrank the noun as a key term ("took" and "talk"
 * over "fail" in "talk about a time you took ownership after a release failed"). Verbs that are
 * also names are left out: GET and PUT are HTTP methods, Go is a language, recall a measure.
 */
const lightVerbs: ReadonlySet<string> = new Set(
  analyze('take took taken make made give gave given keep kept come came got gotten talk talked walk walked'),
)

function compareTuples(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

function emptyCounts(): Record<SearchField, number> {
  return { title: 0, tags: 0, keyPoints: 0, answer: 0, wordings: 0 }
}

export class SearchIndex {
  readonly documentCount: number
  private readonly documents: IndexedDocument[] = []
  private readonly postings = new Map<string, number[]>()
  private readonly averageLengths = emptyCounts()
  /** First letter → (surface word → term), for spelling correction of unknown query words. */
  private readonly vocabulary = new Map<string, Map<string, string>>()
  private readonly idfCache = new Map<string, number>()
  private readonly positionById = new Map<string, number>()
  /**
   * Terms some entry's question, phrasings, tags or everyday wordings carry, light verbs aside:
   * the words that name a concept.
   */
  private readonly namingTerms = new Set<string>()
  readonly maxIdf: number

  constructor(documents: readonly IndexableDocument[]) {
    for (const document of documents) this.add(document)
    this.documentCount = this.documents.length
    for (const field of searchFields) {
      const total = this.documents.reduce((sum, d) => sum + d.lengths[field], 0)
      this.averageLengths[field] = this.documentCount === 0 ? 0 : total / this.documentCount
    }
    let maxIdf = 0
    for (const term of this.postings.keys()) maxIdf = Math.max(maxIdf, this.idf(term))
    this.maxIdf = maxIdf
  }

  private add(document: IndexableDocument): void {
    const position = this.documents.length
    const indexed: IndexedDocument = { id: document.id, lengths: emptyCounts(), frequencies: new Map() }
    for (const field of searchFields) {
      const terms = analyzeWithSurface(document.fields[field])
      const slot = fieldPosition[field]
      indexed.lengths[field] = terms.length
      for (const { term, surface } of terms) {
        let counts = indexed.frequencies.get(term)
        if (counts === undefined) {
          counts = searchFields.map(() => 0)
          indexed.frequencies.set(term, counts)
        }
        counts[slot] = (counts[slot] ?? 0) + 1
        if (field !== 'keyPoints' && field !== 'answer' && !lightVerbs.has(term)) this.namingTerms.add(term)
        if (/^[a-z]+$/.test(surface)) {
          const bucket = this.vocabulary.get(surface.charAt(0)) ?? new Map<string, string>()
          bucket.set(surface, term)
          this.vocabulary.set(surface.charAt(0), bucket)
        }
      }
    }
    for (const term of indexed.frequencies.keys()) {
      const list = this.postings.get(term) ?? []
      list.push(position)
      this.postings.set(term, list)
    }
    this.documents.push(indexed)
    this.positionById.set(document.id, position)
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.length ?? 0
  }

  has(term: string): boolean {
    return this.postings.has(term)
  }

  /**
   * Whether some entry names the term in its question, phrasings, tags or everyday wordings, not
   * only in its text, and it is not a light verb.
   */
  namesAConcept(term: string): boolean {
    return this.namingTerms.has(term)
  }

  /** BM25 idf, always positive. A word the index has never seen counts as the rarest word. */
  idf(term: string): number {
    const cached = this.idfCache.get(term)
    if (cached !== undefined) return cached
    const df = this.documentFrequency(term)
    const value = df === 0 ? this.maxIdf : Math.log(1 + (this.documentCount - df + 0.5) / (df + 0.5))
    if (df > 0) this.idfCache.set(term, value)
    return value
  }

  private correct(surface: string): { term: string; word: string } | null {
    if (!/^[a-z]+$/.test(surface) || surface.length < 5) return null
    let best: { term: string; word: string; distance: number; df: number } | null = null
    // Typists rarely get the first letter wrong, and more often drop a letter than add one, so
    // among equally close words prefer those not shorter than what was typed, then common ones.
    const rank = (c: { word: string; distance: number; df: number }): [number, number, number] => [
      c.distance,
      c.word.length >= surface.length ? 0 : 1,
      -c.df,
    ]
    for (const [word, term] of this.vocabulary.get(surface.charAt(0)) ?? []) {
      if (isAnotherEnding(surface, word)) continue
      const distance = editDistance(surface, word, MAX_SLIP_DISTANCE)
      if (distance > MAX_SLIP_DISTANCE) continue
      const candidate = { term, word, distance, df: this.documentFrequency(term) }
      if (best === null || compareTuples(rank(candidate), rank(best)) < 0) best = candidate
    }
    return best === null ? null : { term: best.term, word: best.word }
  }

  /** Analyses a query into weighted terms, correcting misspelt words against the vocabulary. */
  analyzeQuery(text: string): QueryTerm[] {
    return this.analyzeQueryInOrder(text).terms
  }

  /**
   * `analyzeQuery`, with the terms of the question's words in the order it says them (`inOrder`, a
   * misspelt word's as corrected, a field named first or inside before what is asked, whose words
   * then stay together), from the same analysis.
   */
  analyzeQueryInOrder(text: string): { terms: QueryTerm[]; inOrder: AnalyzedTerm[] } {
    const byTerm = new Map<string, QueryTerm>()
    const { asked, field } = splitFieldQualifier(text)
    const askedWords = analyzeWithSurface(asked).map((word) => ({ ...word, namesTheField: false }))
    const fieldWords = analyzeWithSurface(fieldWithItsNames(field)).map((word) => ({ ...word, namesTheField: true }))
    const inOrder: AnalyzedTerm[] = []
    const fieldFirst = field !== '' && !text.startsWith(asked)
    for (const { term, surface, namesTheField } of [...askedWords, ...fieldWords]) {
      let resolved: QueryTerm = { term, surface, weight: 1, known: this.has(term) }
      if (!resolved.known) {
        const corrected = this.correct(surface)
        if (corrected !== null) {
          resolved = {
            term: corrected.term,
            surface,
            weight: CORRECTED_TERM_WEIGHT,
            correctedFrom: surface,
            correctedTo: corrected.word,
            known: true,
          }
        }
      }
      const said = { term: resolved.term, surface }
      if (namesTheField && fieldFirst) inOrder.splice(inOrder.length - askedWords.length, 0, said)
      else inOrder.push(said)
      const existing = byTerm.get(resolved.term)
      if (existing) existing.weight = Math.min(2, existing.weight + 0.5 * resolved.weight)
      else byTerm.set(resolved.term, namesTheField ? { ...resolved, namesTheField } : resolved)
    }
    return { terms: [...byTerm.values()], inOrder }
  }

  search(query: string | readonly QueryTerm[], options: { limit?: number } = {}): SearchHit[] {
    const terms = typeof query === 'string' ? this.analyzeQuery(query) : query
    const scores = new Map<number, SearchHit>()
    for (const queryTerm of terms) {
      const postings = this.postings.get(queryTerm.term)
      if (!postings) continue
      const idf = this.idf(queryTerm.term)
      for (const position of postings) {
        const document = this.documents[position]
        const counts = document?.frequencies.get(queryTerm.term)
        if (!document || !counts) continue
        let pseudoFrequency = 0
        for (const field of searchFields) {
          const count = counts[fieldPosition[field]] ?? 0
          if (count === 0) continue
          const b = fieldLengthNormalisation[field]
          const average = this.averageLengths[field] || 1
          pseudoFrequency += (fieldWeights[field] * count) / (1 - b + (b * document.lengths[field]) / average)
        }
        const contribution = queryTerm.weight * idf * (pseudoFrequency / (K1 + pseudoFrequency))
        const hit = scores.get(position) ?? {
          id: document.id,
          score: 0,
          matchedTerms: [],
          titleTerms: [],
        }
        hit.score += contribution
        hit.matchedTerms.push(queryTerm.term)
        if ((counts[fieldPosition.title] ?? 0) > 0 || (counts[fieldPosition.tags] ?? 0) > 0)
          hit.titleTerms.push(queryTerm.term)
        scores.set(position, hit)
      }
    }
    const hits = [...scores.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    return options.limit === undefined ? hits : hits.slice(0, options.limit)
  }

  private readonly fieldTermsCache = new Map<string, readonly string[]>()

  /** Index terms of one field of a document (for context and tag overlap). */
  termsOf(id: string, field: SearchField): readonly string[] {
    const key = `${id}\u0000${field}`
    const cached = this.fieldTermsCache.get(key)
    if (cached) return cached
    const position = this.positionById.get(id)
    const document = position === undefined ? undefined : this.documents[position]
    if (!document) return []
    const slot = fieldPosition[field]
    const terms = [...document.frequencies].filter(([, counts]) => (counts[slot] ?? 0) > 0).map(([term]) => term)
    this.fieldTermsCache.set(key, terms)
    return terms
  }
}

function toIndexableDocument(entry: KbEntry): IndexableDocument {
  return {
    id: entry.id,
    fields: {
      title: [entry.question, ...entry.alternatives].join('\n'),
      tags: entry.tags.join(', '),
      keyPoints: entry.keyPoints.join('\n'),
      answer: entry.answer,
      wordings: everydayWordingsOf(entry.id).join('\n'),
    },
  }
}

// Kept on globalThis: the server and the page renderer are bundled separately, each with its own
// copy of this module, and building the index takes about a second of CPU and megabytes of memory.
const holder = globalThis as typeof globalThis & { __interviewHelperKnowledgeIndex?: SearchIndex }

/** The knowledge base's index: built on first use, not at start, and once per process. */
export function knowledgeIndex(): SearchIndex {
  return (holder.__interviewHelperKnowledgeIndex ??= new SearchIndex(knowledgeBase.map(toIndexableDocument)))
}
