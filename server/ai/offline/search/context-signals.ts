import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { hasText } from '#server/ai/offline/has-text.ts'
import { categories, type Category } from '#server/ai/offline/knowledge/schema.ts'
import { analyze } from '#server/ai/offline/search/text/analyze.ts'

/**
 * Keywords in a résumé, role or job description that say which interview topics matter.
 * Weights are how strongly a keyword points at a category (1 = defining, 0.3 = a hint).
 */
const categoryKeywords: Readonly<Record<Category, readonly (readonly [string, number])[]>> = {
  react: [
    ['react', 1],
    ['redux', 1],
    ['jsx', 1],
    ['next.js', 0.9],
    ['react native', 1],
    ['hooks', 0.6],
    ['frontend', 0.7],
    ['front-end', 0.7],
    ['ui engineer', 0.8],
    ['zustand', 0.8],
    ['storybook', 0.6],
    ['single page application', 0.6],
    ['component library', 0.5],
    ['design system', 0.4],
  ],
  'javascript-typescript': [
    ['javascript', 1],
    ['typescript', 1],
    ['node.js', 0.9],
    ['nodejs', 0.9],
    ['es6', 0.8],
    ['npm', 0.6],
    ['webpack', 0.6],
    ['vite', 0.6],
    ['deno', 0.7],
    ['frontend', 0.6],
    ['full stack', 0.5],
    ['express', 0.5],
    ['angular', 0.6],
    ['vue', 0.6],
  ],
  'sql-databases': [
    ['sql', 1],
    ['postgresql', 1],
    ['postgres', 1],
    ['mysql', 1],
    ['database', 0.9],
    ['oracle', 0.7],
    ['mongodb', 0.9],
    ['redis', 0.6],
    ['dynamodb', 0.8],
    ['cassandra', 0.6],
    ['data engineer', 0.8],
    ['etl', 0.6],
    ['data warehouse', 0.7],
    ['dba', 1],
    ['orm', 0.6],
    ['backend', 0.5],
    ['analytics', 0.3],
  ],
  'system-design': [
    ['kafka', 1],
    ['rabbitmq', 1],
    ['message queue', 1],
    ['microservices', 0.9],
    ['distributed', 0.9],
    ['scalability', 0.9],
    ['scalable', 0.8],
    ['architecture', 0.7],
    ['architect', 0.8],
    ['backend', 0.6],
    ['high availability', 0.8],
    ['event-driven', 0.9],
    ['streaming', 0.6],
    ['senior', 0.3],
    ['staff', 0.5],
    ['principal', 0.5],
    ['cloud', 0.4],
    ['aws', 0.4],
    ['redis', 0.5],
    ['caching', 0.6],
    ['sqs', 0.7],
    ['pub/sub', 0.8],
    ['grpc', 0.4],
    ['low latency', 0.6],
    ['high throughput', 0.7],
  ],
  'networking-web': [
    ['http', 0.8],
    ['rest', 0.7],
    ['api', 0.6],
    ['graphql', 0.8],
    ['web', 0.5],
    ['security', 0.7],
    ['network', 0.8],
    ['networking', 1],
    ['tcp', 0.9],
    ['oauth', 0.8],
    ['cdn', 0.7],
    ['websocket', 0.8],
    ['backend', 0.4],
    ['full stack', 0.4],
    ['frontend', 0.3],
    ['web performance', 0.8],
    ['browser', 0.5],
  ],
  'testing-devops': [
    ['devops', 1],
    ['sre', 1],
    ['site reliability', 1],
    ['docker', 0.9],
    ['kubernetes', 1],
    ['terraform', 1],
    ['ci/cd', 1],
    ['jenkins', 0.8],
    ['github actions', 0.8],
    ['qa', 0.9],
    ['test automation', 1],
    ['testing', 0.7],
    ['playwright', 0.8],
    ['cypress', 0.8],
    ['jest', 0.6],
    ['aws', 0.5],
    ['gcp', 0.5],
    ['azure', 0.5],
    ['infrastructure', 0.7],
    ['platform engineer', 0.9],
    ['observability', 0.7],
  ],
  algorithms: [
    ['algorithms', 1],
    ['algorithm', 1],
    ['leetcode', 1],
    ['competitive programming', 1],
    ['problem solving', 0.5],
    ['computer science', 0.6],
    ['new grad', 0.5],
    ['graduate', 0.4],
    ['intern', 0.5],
    ['c++', 0.4],
    ['machine learning', 0.3],
  ],
  'data-structures': [
    ['data structures', 1],
    ['data structure', 1],
    ['leetcode', 0.9],
    ['computer science', 0.6],
    ['new grad', 0.5],
    ['graduate', 0.4],
    ['intern', 0.5],
    ['problem solving', 0.4],
  ],
  behavioural: [
    ['manager', 0.7],
    ['engineering manager', 1],
    ['team lead', 0.8],
    ['tech lead', 0.6],
    ['lead', 0.4],
    ['leadership', 0.8],
    ['mentor', 0.6],
    ['mentoring', 0.6],
    ['stakeholder', 0.5],
    ['stakeholders', 0.5],
    ['communication', 0.4],
    ['collaboration', 0.4],
  ],
  'software-design': [
    ['object oriented', 0.8],
    ['design patterns', 1],
    ['solid', 0.6],
    ['java', 0.4],
    ['c#', 0.4],
  ],
  'data-ml': [
    ['machine learning', 1],
    ['data scientist', 1],
    ['data science', 1],
    ['deep learning', 1],
    ['pytorch', 1],
    ['tensorflow', 1],
    ['scikit-learn', 1],
    ['pandas', 0.8],
    ['statistics', 0.6],
    ['llm', 0.8],
    ['analytics', 0.5],
  ],
  product: [
    ['product manager', 1],
    ['product management', 1],
    ['roadmap', 0.8],
    ['product owner', 0.9],
    ['user research', 0.6],
    ['go-to-market', 0.6],
  ],
  mobile: [
    ['android', 1],
    ['ios', 1],
    ['swift', 0.9],
    ['kotlin', 0.9],
    ['flutter', 1],
    ['react native', 0.8],
    ['mobile', 0.8],
  ],
  security: [
    ['security engineer', 1],
    ['application security', 1],
    ['appsec', 1],
    ['penetration testing', 1],
    ['cryptography', 0.8],
    ['threat modeling', 1],
    ['owasp', 0.8],
  ],
  'operating-systems': [
    ['operating systems', 1],
    ['operating system', 1],
    ['linux kernel', 0.9],
    ['kernel', 0.7],
    ['embedded', 0.6],
    ['firmware', 0.6],
    ['device drivers', 0.9],
    ['systems programming', 0.9],
    ['multithreading', 0.6],
    ['concurrency', 0.4],
    ['computer science', 0.5],
    ['new grad', 0.4],
    ['graduate', 0.3],
    ['intern', 0.4],
    ['c++', 0.3],
  ],
}

type CompiledKeyword = {
  terms: readonly string[]
  category: Category
  weight: number
}

const compiledKeywords: CompiledKeyword[] = categories.flatMap((category) =>
  categoryKeywords[category].map(([phrase, weight]) => ({ terms: analyze(phrase), category, weight })),
)

export type ContextSignals = {
  /** 0..1 per category: 1 − e^(−evidence), so one defining keyword gives ≈ 0.63. */
  categoryAffinity: ReadonlyMap<Category, number>
  /** Every index term in the context, with how many times it appears (role counts double). */
  termCounts: ReadonlyMap<string, number>
  isEmpty: boolean
}

function countTerms(text: string, factor: number, into: Map<string, number>): void {
  for (const term of analyze(text)) into.set(term, (into.get(term) ?? 0) + factor)
}

/** Whether the context has none of the texts its signals are read from: a search reads it as no context. */
export const readsAsNoContext = (context: InterviewContext | undefined): boolean =>
  context === undefined || !(hasText(context.role) || hasText(context.resume) || hasText(context.jobDescription))

export function extractContextSignals(context: InterviewContext | undefined): ContextSignals {
  const termCounts = new Map<string, number>()
  if (context) {
    if (hasText(context.role)) countTerms(context.role, 2, termCounts)
    if (hasText(context.resume)) countTerms(context.resume, 1, termCounts)
    if (hasText(context.jobDescription)) countTerms(context.jobDescription, 1, termCounts)
  }
  const raw = new Map<Category, number>()
  for (const keyword of compiledKeywords) {
    if (keyword.terms.length === 0) continue
    // Multi-word keywords count only when all of their terms occur.
    const occurrences = Math.min(...keyword.terms.map((t) => termCounts.get(t) ?? 0))
    if (occurrences <= 0) continue
    // Diminishing returns: a JD that says "React" ten times is not ten times more about React.
    const strength = keyword.weight * (1 + Math.log(occurrences))
    raw.set(keyword.category, (raw.get(keyword.category) ?? 0) + strength)
  }
  // Saturating, not relative to the strongest category: a job description that names both
  // Kafka and PostgreSQL is about SQL even though it says more about messaging.
  const categoryAffinity = new Map<Category, number>()
  for (const [category, value] of raw) categoryAffinity.set(category, 1 - Math.exp(-value))
  return { categoryAffinity, termCounts, isEmpty: termCounts.size === 0 }
}

/** Keywords of the lexicon that occur in the text, strongest first, in the lexicon's spelling. */
export function lexiconKeywords(text: string): string[] {
  const terms = new Set(analyze(text))
  const found: { phrase: string; weight: number }[] = []
  const seen = new Set<string>()
  for (const category of categories) {
    for (const [phrase, weight] of categoryKeywords[category]) {
      const phraseTerms = analyze(phrase)
      const key = phraseTerms.join(' ')
      if (phraseTerms.length === 0 || seen.has(key) || !phraseTerms.every((t) => terms.has(t))) continue
      seen.add(key)
      found.push({ phrase, weight })
    }
  }
  return found.sort((a, b) => b.weight - a.weight).map((f) => f.phrase)
}
