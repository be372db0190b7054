import { analyzeWithSurface } from '#server/ai/offline/search/text/analyze.ts'
import { aspectWords } from '#server/ai/offline/search/text/aspect-words.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'
import type { RetrievalResult } from '#server/ai/offline/search/retrieve.ts'

/** Words that ask for a cost: "what is the time complexity of quicksort?", "worst case of it?". */
const complexityWords: ReadonlySet<string> = new Set(['complexity', 'complexities', 'runtime', 'worst', 'big'])

/**
 * The words of a question that asks for the cost of something it names ("quicksort" in "what is
 * the time complexity of quicksort?"), or null when it asks for no cost or names nothing.
 */
function costedSubject(question: string): string | null {
  const words = rawWords(question)
  if (!words.some((word) => complexityWords.has(word))) return null
  // A word of a named phrase stays, though alone it would ask for an aspect ("quick" in "quick
  // sort"); a phrase made only of aspect words ("time complexity") names no subject.
  const named = new Set(
    analyzeWithSurface(question)
      .map(({ surface }) => surface.split(' '))
      .filter((phrase) => phrase.length > 1 && phrase.some((word) => !aspectWords.has(word)))
      .flat(),
  )
  const subject = words.filter((word) => named.has(word) || (!stopWords.has(word) && !aspectWords.has(word)))
  return subject.length === 0 ? null : subject.join(' ')
}

/**
 * A question about the cost of a named thing is answered from the thing's own entry, which states
 * its cost, rather than from a general entry on complexity that the cost words match better
 * ("time complexity of quicksort" drifted to Big O). The thing's entry must be among the whole
 * question's matches, so a subject the search misreads alone changes nothing.
 */
export function fromCostedSubject(
  question: string,
  asked: RetrievalResult,
  search: (query: string) => RetrievalResult,
): RetrievalResult {
  const subject = costedSubject(question)
  if (subject === null) return asked
  const alone = search(subject)
  // Neither reading is sure enough to answer: the topics offered instead still lead with the thing
  // whose cost is asked, not with a general entry on complexity.
  const entry = asked.best === null ? alone.matches[0]?.entry : alone.best?.entry
  if (entry === undefined || entry.id === asked.best?.entry.id) return asked
  return asked.matches.some((m) => m.entry.id === entry.id) ? alone : asked
}
