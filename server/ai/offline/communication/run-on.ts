import { applyEdits, type Edit } from './rewrite.ts'
import { LONG_SENTENCE_WORDS } from './score.ts'
import { splitIntoSentences, tokenizeWords, type Word } from './words.ts'

/** A word that can open a clause, so a joiner before it joins two sentences, not two nouns. */
const CLAUSE_OPENERS = new Set([
  'i',
  "i'm",
  "i've",
  "i'd",
  'we',
  "we're",
  "we've",
  "we'd",
  'you',
  "you'd",
  "you're",
  'they',
  "they're",
  'he',
  'she',
  'it',
  "it's",
  'that',
  'this',
  'then',
  'so',
  'my',
  'our',
  'there',
  'now',
  'if',
])
const JOINERS = new Set(['and', 'so', 'but'])
/** Neither part of a split may be shorter than this, or the split reads as a fragment. */
const MIN_PART_WORDS = 5

function joinerAt(text: string, words: readonly Word[], i: number): boolean {
  const word = words[i]
  const next = words[i + 1]
  return word !== undefined && next !== undefined && JOINERS.has(word.lower) && CLAUSE_OPENERS.has(next.lower)
}

function clauseAfterComma(text: string, words: readonly Word[], i: number): boolean {
  const word = words[i]
  const previous = words[i - 1]
  return (
    word !== undefined &&
    previous !== undefined &&
    CLAUSE_OPENERS.has(word.lower) &&
    text.slice(previous.end, word.start).includes(',')
  )
}

function nearestToMiddle(
  text: string,
  words: readonly Word[],
  fits: (text: string, words: readonly Word[], i: number) => boolean,
): number | undefined {
  const middle = words.length / 2
  let best: number | undefined
  for (let i = MIN_PART_WORDS; i < words.length - MIN_PART_WORDS; i++) {
    if (fits(text, words, i) && (best === undefined || Math.abs(i - middle) < Math.abs(best - middle))) best = i
  }
  return best
}

/**
 * Sentence breaks for one over-long sentence: at a joining "and"/"so"/"but" nearest its middle
 * ("and" goes, "so" and "but" open the next sentence), else at a comma before a new clause; each
 * part is split again until it is short enough or has no such place.
 */
function breaks(text: string, words: readonly Word[]): Edit[] {
  if (words.length <= LONG_SENTENCE_WORDS) return []
  const joiner = nearestToMiddle(text, words, joinerAt)
  const at = joiner ?? nearestToMiddle(text, words, clauseAfterComma)
  const previous = at === undefined ? undefined : words[at - 1]
  const word = at === undefined ? undefined : words[at]
  if (at === undefined || previous === undefined || word === undefined) return []
  const dropJoiner = joiner !== undefined && word.lower === 'and'
  const nextStart = dropJoiner ? (words[at + 1]?.start ?? word.end) : word.start
  return [
    { start: previous.end, end: nextStart, replacement: '. ' },
    ...breaks(text, words.slice(0, at)),
    ...breaks(text, words.slice(dropJoiner ? at + 1 : at)),
  ]
}

/** Splits run-on sentences ("…and we… and then I… so we…") into sentences a listener can follow. */
export function splitRunOns(text: string): string {
  const words = tokenizeWords(text)
  return applyEdits(
    text,
    splitIntoSentences(text, words).flatMap((s) => breaks(text, s.words)),
  )
}
