/**
 * An ellipsis: a question that asks about an aspect, a setting or a condition and leaves the
 * subject it is about unsaid, with no pronoun standing for it ("and for writes?", "and the memory
 * cost?", "versus a B-tree?", "and when a node is removed, which keys move?"). The rule is grammar:
 * the question's shape leaves a place for a subject (a fragment with no clause of its own, a
 * comparison with one side, a bare condition), and none of its own words is a subject the
 * knowledge base knows (`known-subjects.ts`). "And what is a deadlock?", "time complexity of merge
 * sort?" and "what about Kubernetes, have you used it?" name theirs.
 */
import { namesAContext } from './follow-up-context.ts'
import { namesKnownSubject } from './known-subjects.ts'
import { acknowledgements } from './lead-in.ts'
import { addressesTheCandidateWord } from '#server/ai/offline/search/text/candidate-address.ts'
import { CONDITION_CONJUNCTIONS } from '#server/ai/offline/search/text/hindi-lexicon.ts'

/**
 * Words that tie a question to the conversation: "and for writes?", "so if I delete the parent
 * row?", "what happens to the keys then?". Without one, a condition or a phrase longer than a
 * bare fragment is a question of its own ("Explain the hash ring.", "What happens when producers
 * are faster than consumers?"); a fragment of a word or two is not ("In production?").
 */
const linkWords: ReadonlySet<string> = new Set(['and', 'so', 'but', 'then', 'now', 'also', 'aur', 'toh'])
/** Said before the question's own words: a link or an acknowledgement ("achha, and…", "okay, so…"). */
const carriesOn = (word: string) => linkWords.has(word) || acknowledgements.has(word)
/** Words that open a clause asking something of its own ("which keys move?", Hindi "kya"). */
const clauseWords: ReadonlySet<string> = new Set([
  ...['what', 'how', 'why', 'which', 'who', 'where', 'when', 'whom', 'whose'],
  ...['is', 'are', 'was', 'were', 'do', 'does', 'did', 'can', 'could', 'will', 'would', 'should', 'shall', 'might'],
  ...['has', 'have', 'had', 'must', 'may'],
  // Hindi question words and copulas: "virtual memory kya hota hai?" is a whole question.
  ...['kya', 'kaise', 'kyun', 'kyu', 'kab', 'kahan', 'kaun', 'kaunsa', 'kaunsi', 'kitna', 'kitni', 'kitne'],
  ...['hai', 'hain', 'hota', 'hoti', 'hote', 'tha', 'thi'],
])
/** Subjects of a verb that follows them, the interviewer's hypothetical ("if I delete…", "when we add…"). */
const actors: ReadonlySet<string> = new Set(['i', 'we', 'someone', 'somebody'])
/** Openings that put a subject beside the last one: "what about reads?", "how about the cost?". */
const asideOpenings: readonly (readonly string[])[] = [
  ['what', 'about'],
  ['how', 'about'],
]
/** Words that open a comparison whose first side is left unsaid: "versus a B-tree?", "compared with Redis?". */
const comparisonOpeners: ReadonlySet<string> = new Set(['versus', 'vs', 'compared', 'unlike', 'against'])
/** Words that open a condition: "when a node is removed", "if I delete the parent row", Hindi "jab", "agar". */
const conditionOpeners: ReadonlySet<string> = new Set(['when', 'if', 'jab', ...CONDITION_CONJUNCTIONS])
/** Own words a fragment may have: "and the memory cost on a phone?" is as long as one goes. */
const MAX_FRAGMENT_WORDS = 4
/** Own words a fragment with no link may have: "In production?", "Worst case?". */
const UNLINKED_FRAGMENT_WORDS = 2

type Reading = {
  /** The question's words as the follow-up rules read them. */
  words: readonly string[]
  /** Where its words that name something stand. */
  own: readonly number[]
  /** Where each clause after a sentence break or a comma starts. */
  breaks: readonly number[]
}

/** Whether the question leaves its subject unsaid, with no pronoun for it. */
export function leavesSubjectUnsaid({ words, own, breaks }: Reading): boolean {
  if (own.length === 0) return false
  const opening = words.findIndex((word) => !carriesOn(word))
  if (opening < 0) return false
  // Whatever a one-sided comparison names is its other side.
  if (comparesWithUnsaid(words, breaks)) return true
  // A lead-in ("achha", "theek") is said before the question and names nothing of it; a word right
  // after "I" or "we" is their verb ("if I delete the parent row"), not the SQL command.
  const ownWords = own
    .filter((i) => !actors.has(words[i - 1] ?? ''))
    .map((i) => words[i] ?? '')
    .filter((word) => !carriesOn(word))
  const linked = isLinked(words, opening)
  // With no link, only a bare fragment is one: a phrase of a word or two with no clause cannot be
  // asked alone ("In production?", "Worst case?"); a condition or a longer phrase can.
  if (!linked && (own.length > UNLINKED_FRAGMENT_WORDS || !isFragment(words, opening, breaks, own.length))) return false
  if (namesKnownSubject(ownWords.join(' ')) || words.some(addressesTheCandidateWord)) return false
  // A fragment that names a language or a framework asks about it ("what about Java?"); in a
  // condition the word is a role ("when a node is removed").
  return (
    (isFragment(words, opening, breaks, own.length) && !namesAContext(words)) ||
    (linked && isBareCondition(words, opening))
  )
}

/** Tied to the conversation by a word before the question's own, an aside ("what about…?") or a last "then". */
const isLinked = (words: readonly string[], opening: number) =>
  words.slice(0, opening).some((word) => linkWords.has(word)) ||
  asideOpenings.some((phrase) => phrase.every((word, k) => words[opening + k] === word)) ||
  // "Now and then" is no "then" of time.
  (words.at(-1) === 'then' && words.at(-2) !== 'and')

/**
 * A fragment: no clause of its own, only a setting or an aspect after the carry-on ("and for
 * writes?", "and in production?", "what about reads?", "and the overhead?").
 */
function isFragment(words: readonly string[], opening: number, breaks: readonly number[], ownCount: number): boolean {
  const aside = asideOpenings.find((phrase) => phrase.every((word, k) => words[opening + k] === word))
  const start = opening + (aside?.length ?? 0)
  if (ownCount > MAX_FRAGMENT_WORDS || breaks.some((at) => at > start)) return false
  return !words.slice(start).some((word) => clauseWords.has(word))
}

/**
 * A condition on what was asked, its subject a role the previous subject has: "and when a node is
 * removed, which keys move?", "what happens if I delete the parent row?". "When" before an
 * auxiliary asks when ("when does a hash table resize?").
 */
function isBareCondition(words: readonly string[], opening: number): boolean {
  const start = words[opening] === 'what' && words[opening + 1] === 'happens' ? opening + 2 : opening
  return conditionOpeners.has(words[start] ?? '') && !clauseWords.has(words[start + 1] ?? '')
}

/**
 * A comparison whose first side is the previous subject: "versus a B-tree?", "compared with a
 * hash index, is it faster?". One that goes on to a subject of its own compares that ("versus a
 * monolith, what do microservices cost you?").
 */
export function comparesWithUnsaid(words: readonly string[], breaks: readonly number[]): boolean {
  const opening = words.findIndex((word) => !carriesOn(word))
  const opens =
    comparisonOpeners.has(words[opening] ?? '') ||
    (words[opening] === 'as' && words[opening + 1] === 'opposed' && words[opening + 2] === 'to')
  if (!opens) return false
  const rest = breaks.find((at) => at > opening)
  return rest === undefined || !namesKnownSubject(words.slice(rest).join(' '))
}
