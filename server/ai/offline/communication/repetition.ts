import { stemTerm } from '#server/ai/offline/search/text/analyze.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import type { Word } from './words.ts'

export type RepeatedWord = {
  word: string
  count: number
}

export type Stutter = {
  word: string
  index: number
}

/** A content word used this often in one answer starts to sound repetitive. */
const REPETITION_THRESHOLD = 3
const IGNORED = new Set(['yeah', 'okay', 'like', 'know', 'mean', 'kind', 'sort', 'guess', 'think', 'maybe', 'probably'])

/** Content words (stemmed, so "database" and "databases" count together) used 3+ times. */
export function repeatedWords(words: readonly Word[]): RepeatedWord[] {
  const groups = new Map<string, { surfaces: Map<string, number>; count: number }>()
  for (const word of words) {
    if (word.lower.length < 3 || /^\d/.test(word.lower) || stopWords.has(word.lower) || IGNORED.has(word.lower))
      continue
    const key = stemTerm(word.lower.replace(/'s$/, ''))
    const group = groups.get(key) ?? { surfaces: new Map<string, number>(), count: 0 }
    group.count += 1
    group.surfaces.set(word.lower, (group.surfaces.get(word.lower) ?? 0) + 1)
    groups.set(key, group)
  }
  return [...groups.values()]
    .filter((g) => g.count >= REPETITION_THRESHOLD)
    .map((g) => ({ word: [...g.surfaces].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '', count: g.count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
}

/** The same word twice in a row ("the the"), usually a restart while speaking. */
export function stutters(words: readonly Word[]): Stutter[] {
  const found: Stutter[] = []
  for (let i = 1; i < words.length; i++) {
    const word = words[i]
    if (
      word &&
      word.lower === words[i - 1]?.lower &&
      !/^\d/.test(word.lower) &&
      word.lower !== 'that' &&
      word.lower !== 'had'
    ) {
      found.push({ word: word.lower, index: word.start })
    }
  }
  return found
}
