/**
 * Conditions and requests to improve that carry on the previous problem with neither a link word
 * nor a pronoun. After a coding or design question an interviewer supposes ("suppose the array is
 * already sorted?", "agar data sorted ho toh?", "maan lo list bahut lambi hai?") or asks for a
 * better solution ("can we do better than O(n log n)?", "could we beat O(n)?"). The supposition
 * opens as "if" does and is read by the rule for a bare "if"; in a request to improve, the bound
 * to beat is the previous solution's and names nothing of the question's own.
 */
import { hindiFunctionWords, hindiVerbTranslations } from '#server/ai/offline/search/text/hindi-function-words.ts'
import { CONDITION_CLOSERS, CONDITION_CONJUNCTIONS } from '#server/ai/offline/search/text/hindi-lexicon.ts'
import { namesKnownSubject } from './known-subjects.ts'

/** English verbs of supposing that open a condition as "if" does: "suppose…", "assuming…", "imagine…". */
const supposingVerbs: ReadonlySet<string> = new Set(['suppose', 'supposing', 'assume', 'assuming', 'imagine'])
/** Verbs of being and having that make the words after "say" a clause supposed: "let's say memory is limited". */
const clauseVerbs: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had'])
/** Words "say" supposes a clause over at most: "say the input is empty", "say we have ten servers". */
const SAID_CLAUSE_WORDS = 4
/**
 * "Say" supposes when a clause follows ("let's say memory is limited?"); said to the candidate
 * before anything else it asks them to speak ("say something about your strengths").
 */
const supposesWithSay = (words: readonly string[], start: number) =>
  words[start] === 'say' && words.slice(start + 1, start + 1 + SAID_CLAUSE_WORDS).some((word) => clauseVerbs.has(word))
/** The English verb a Hindi verb of supposing stands for: "maan lo", "maan lijiye". */
const SUPPOSE_IN_HINDI = 'assume'
const hindiConditionConjunctions: ReadonlySet<string> = new Set(CONDITION_CONJUNCTIONS)
/** Words that close a Hindi condition before the question put on it: "agar … ho toh kya karoge?". */
const hindiConditionClosers: ReadonlySet<string> = new Set(CONDITION_CLOSERS)

/** A condition's opening: how many words it has and whether it is Hindi's (closed by "toh"). */
export type ConditionOpening = { length: number; hindi: boolean }

/**
 * The condition that opens at `start`, or null: "if", "what if", a verb of supposing ("suppose",
 * "assuming", "imagine", "let's say" before a clause), Hindi "agar" or "maan lo" (the light verb after "maan" is
 * part of it).
 */
export function conditionOpeningAt(words: readonly string[], start: number): ConditionOpening | null {
  const word = words[start] ?? ''
  if (word === 'what' && words[start + 1] === 'if') return { length: 2, hindi: false }
  if (word === 'if' || supposingVerbs.has(word) || supposesWithSay(words, start)) return { length: 1, hindi: false }
  if (hindiConditionConjunctions.has(word)) return { length: 1, hindi: true }
  if (hindiVerbTranslations.get(word) !== SUPPOSE_IN_HINDI) return null
  // "lo" ("take"), the imperative the verb is said with, is not among the light verb's forms.
  const next = words[start + 1] ?? ''
  return { length: next === 'lo' || hindiFunctionWords.has(next) ? 2 : 1, hindi: true }
}

/**
 * Where a Hindi condition that opens at `start` is closed by "toh" or "tab", or -1: the words after
 * it are the question put on the condition.
 */
export const hindiConditionClose = (words: readonly string[], start: number): number =>
  words.findIndex((word, i) => i > start && hindiConditionClosers.has(word))

const indefiniteArticles: ReadonlySet<string> = new Set(['a', 'an'])

/**
 * Whether a condition from `from` on brings in a subject of its own: a concept the knowledge base
 * defines, named after "a" or "an" ("suppose you need to design a URL shortener", "imagine a
 * deadlock happens"), not in place of the previous solution. What the previous problem already has comes after "the" ("assume the cache
 * is full"), and a state is no subject ("suppose the array is sorted"). `own` are where the words
 * that name something stand.
 */
export function introducesKnownSubject(words: readonly string[], own: readonly number[], from: number): boolean {
  // Offered in place of the previous solution it is set against it: "what if we use a hash map instead?".
  if (words.includes('instead')) return false
  const named = new Set(own)
  return words.some((word, i) => {
    if (i < from || !indefiniteArticles.has(word)) return false
    let end = i + 1
    while (named.has(end)) end++
    return end > i + 1 && namesKnownSubject(words.slice(i + 1, end).join(' '))
  })
}

/** Words that ask for a better solution than the one just given: "can we do better?", "could we beat O(n)?". */
const improvingWords: ReadonlySet<string> = new Set([
  ...['better', 'faster', 'quicker', 'cheaper', 'less', 'fewer', 'lower', 'smaller', 'efficient', 'efficiently'],
  // Not "reduce": it is also a name ("what does reduce do?", MapReduce).
  ...['improve', 'optimise', 'optimize', 'beat'],
])
/** How a bound is said in words: "better than quadratic", "in linear time". */
const growthRates: ReadonlySet<string> = new Set([
  ...['constant', 'logarithmic', 'linear', 'linearithmic', 'quadratic', 'cubic', 'polynomial', 'exponential'],
])

/** A complexity bound: "O(n log n)" as the tokenizer writes it ("o(nlogn)"), or a growth rate in words. */
const isComplexityBound = (word: string) => (word.startsWith('o(') && word.endsWith(')')) || growthRates.has(word)

/** Whether the question asks for a solution better than one given: it has a word of improving. */
const asksToImprove = (words: readonly string[]) => words.some((word) => improvingWords.has(word))

/**
 * Whether the word at `i` is the bound a request to improve sets ("can we do better than O(n log
 * n)?"): the previous solution's measure, not a subject of the question's own. Asked alone, a
 * bound is the subject ("what does O(log n) mean?").
 */
export const isBoundToBeat = (words: readonly string[], i: number): boolean =>
  isComplexityBound(words[i] ?? '') && asksToImprove(words)

/** Whether the word is one of improving ("cheaper", "beat"): it asks about the previous solution, naming nothing. */
export const isImprovingWord = (word: string): boolean => improvingWords.has(word)
