import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import type { QueryTerm, SearchIndex } from './search-index.ts'
import { analyze } from '#server/ai/offline/search/text/analyze.ts'

const MAX_TOPICS = 6
/** Words that frame a question rather than name its topic. */
const FRAMING_WORDS = new Set([
  'write',
  'implement',
  'code',
  'solve',
  'design',
  'build',
  'difference',
  'work',
  'handle',
  'approach',
  'example',
  'best',
  'good',
  'better',
  'main',
  'common',
  'happen',
  'happens',
  'make',
  'time',
  'place',
])

/**
 * Readable topics of a question: the matched entry's tags that the question touches (in the
 * knowledge base's spelling), then the question's own rarest words.
 */
export function keyTopics(queryTerms: readonly QueryTerm[], entry: KbEntry | null, index: SearchIndex): string[] {
  const queryTermSet = new Set(queryTerms.map((t) => t.term))
  const topics: string[] = []
  const seen = new Set<string>()
  const push = (topic: string): void => {
    const key = topic.toLowerCase()
    if (topic.length < 2 || seen.has(key) || topics.length >= MAX_TOPICS) return
    // "linked" and "list" add nothing once "linked list" is there.
    if ([...seen].some((existing) => existing.includes(' ') && existing.split(' ').includes(key))) return
    seen.add(key)
    topics.push(topic)
  }
  if (entry) {
    for (const tag of entry.tags) if (analyze(tag).some((t) => queryTermSet.has(t))) push(tag)
  }
  const byRarity = [...queryTerms].sort((a, b) => index.idf(b.term) - index.idf(a.term))
  for (const term of byRarity) {
    const surface = term.correctedTo ?? term.surface
    if (FRAMING_WORDS.has(surface)) continue
    push(surface.replace(/_/g, ' '))
  }
  return topics
}
