import type { Occurrence } from './occurrence.ts'
import { gapAfter, gapBefore, startsSentence, type Word } from './words.ts'

/** Spellings of the hesitation sounds, all reported as "um" or "uh". */
const HESITATIONS: ReadonlyMap<string, string> = new Map([
  ['um', 'um'],
  ['umm', 'um'],
  ['ummm', 'um'],
  ['erm', 'um'],
  ['er', 'um'],
  ['hmm', 'um'],
  ['uh', 'uh'],
  ['uhh', 'uh'],
  ['uhm', 'uh'],
  ['ah', 'uh'],
])
const ALWAYS_FILLERS = new Set(['basically', 'actually', 'literally'])

/** "like" after these is a verb or a comparison ("I like", "looks like"), not a filler. */
const LIKE_AS_WORD_AFTER = new Set([
  'i',
  'you',
  'we',
  'they',
  'would',
  "i'd",
  "we'd",
  "you'd",
  "they'd",
  'do',
  "don't",
  'dont',
  "didn't",
  'didnt',
  'does',
  'did',
  'really',
  'also',
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'looked',
  'looking',
  'seem',
  'seems',
  'seemed',
  'sound',
  'sounds',
  'sounded',
  'something',
  'anything',
  'nothing',
  'just',
  'more',
  'much',
  'to',
  'not',
  'people',
  'users',
  'customers',
])
const BE_FORMS = new Set([
  'is',
  'was',
  'were',
  'are',
  'am',
  "it's",
  "that's",
  "i'm",
  "he's",
  "she's",
  "we're",
  "they're",
])
/** "and like the backend was…", "then like three servers": between these a "like" only pauses. */
const JOINERS = new Set(['and', 'but', 'so', 'then', 'or'])
const PHRASE_OPENERS = new Set([
  'the',
  'a',
  'an',
  'i',
  'we',
  'you',
  'they',
  'it',
  'this',
  'he',
  'she',
  'there',
  'two',
  'three',
  'four',
  'five',
  'ten',
])
const INTENSIFIERS = new Set(['really', 'so', 'very', 'totally', 'super', 'um', 'uh', 'literally', 'basically'])

/** "kind of"/"sort of" after these is a noun phrase ("what kind of database"). */
const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'what',
  'which',
  'some',
  'any',
  'every',
  'each',
  'one',
  'same',
  'these',
  'those',
  'all',
  'other',
  'another',
  'no',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'different',
  'certain',
  'particular',
  'specific',
  'similar',
  'new',
  'right',
  'wrong',
  'first',
  'only',
])
const YOU_KNOW_AS_VERB_BEFORE = new Set([
  'do',
  'did',
  'does',
  "don't",
  'dont',
  "didn't",
  'didnt',
  'if',
  'whether',
  'to',
  'as',
  'would',
])
const YOU_KNOW_AS_VERB_AFTER = new Set([
  'how',
  'that',
  'the',
  'a',
  'an',
  'if',
  'where',
  'when',
  'why',
  'which',
  'who',
  'whom',
  'whether',
  'about',
  'it',
  'this',
  'these',
  'those',
  'your',
  'my',
  'our',
  'his',
  'her',
  'them',
  'him',
  'me',
  'us',
  'anything',
  'something',
  'everything',
  'nothing',
  'any',
  'some',
])
const I_MEAN_AS_VERB_BEFORE = new Set(['what', 'which', 'do', 'did', "don't", 'dont', 'you'])
const I_MEAN_AS_VERB_AFTER = new Set(['to', 'that'])

function isLikeFiller(text: string, words: readonly Word[], i: number): boolean {
  const previous = words[i - 1]?.lower
  const next = words[i + 1]?.lower
  const commaBefore = gapBefore(text, words, i).includes(',')
  const commaAfter = gapAfter(text, words, i).includes(',')
  // Set off by pauses ("we, like, rewrote"; "Like, it took") it is a filler whatever precedes it.
  if (commaAfter && (commaBefore || startsSentence(text, words, i))) return true
  if (previous !== undefined && LIKE_AS_WORD_AFTER.has(previous)) return false
  if (startsSentence(text, words, i)) return true
  if (commaBefore || commaAfter) return true
  if (previous !== undefined && BE_FORMS.has(previous)) return true
  if (next !== undefined && (INTENSIFIERS.has(next) || /^\d/.test(next))) return true
  if (previous !== undefined && next !== undefined && JOINERS.has(previous) && PHRASE_OPENERS.has(next)) return true
  return false
}

/**
 * Filler words and phrases with their positions. Context decides the ambiguous ones: "like" in
 * "I like React" or "a tool like Redis" is not a filler, "kind of" in "what kind of index" is not.
 */
export function detectFillers(text: string, words: readonly Word[]): Occurrence[] {
  const found: Occurrence[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]
    if (!word) continue
    const next = words[i + 1]
    const previous = words[i - 1]?.lower
    const at = (phrase: string, last: Word): void => {
      found.push({ phrase, start: word.start, end: last.end, wordIndex: i })
    }
    const hesitation = HESITATIONS.get(word.lower)
    if (hesitation !== undefined) {
      at(hesitation, word)
      continue
    }
    if (ALWAYS_FILLERS.has(word.lower)) {
      at(word.lower, word)
      continue
    }
    if (word.lower === 'like') {
      if (isLikeFiller(text, words, i)) at('like', word)
      continue
    }
    if (!next || /[.!?\n]/.test(gapAfter(text, words, i))) continue
    if (word.lower === 'you' && next.lower === 'know') {
      const after = words[i + 2]?.lower
      const verbUse =
        (previous !== undefined && YOU_KNOW_AS_VERB_BEFORE.has(previous)) ||
        (after !== undefined && YOU_KNOW_AS_VERB_AFTER.has(after) && !gapAfter(text, words, i + 1).includes(','))
      if (!verbUse) {
        at('you know', next)
        i++
      }
      continue
    }
    if (word.lower === 'i' && next.lower === 'mean') {
      const after = words[i + 2]?.lower
      const verbUse =
        (previous !== undefined && I_MEAN_AS_VERB_BEFORE.has(previous)) ||
        (after !== undefined && I_MEAN_AS_VERB_AFTER.has(after))
      if (!verbUse) {
        at('i mean', next)
        i++
      }
      continue
    }
    if ((word.lower === 'kind' || word.lower === 'sort') && next.lower === 'of') {
      if (previous === undefined || !DETERMINERS.has(previous)) {
        at(`${word.lower} of`, next)
        i++
      }
    }
  }
  return found
}
