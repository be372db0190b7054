import { aspectWords } from '#server/ai/offline/search/text/aspect-words.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'
import { splitSentences } from '#server/ai/offline/knowledge/spoken-shape.ts'

/** Pronouns that point back at something said before, English and romanised Hindi ("iska", "uske"). */
const pointingPronouns: ReadonlySet<string> = new Set([
  ...['it', 'its', 'they', 'them', 'their'],
  ...['iska', 'iske', 'iski', 'isko', 'isme', 'ismein', 'uska', 'uske', 'uski', 'usko', 'usme', 'usmein'],
  ...['unka', 'unke', 'unki'],
  // "Which one" of the options just named.
  ...['kaunsa', 'kaunsi', 'kaunse'],
])
/** A choice between options named before: "which one would you use for video calls?", unless it names them ("…, REST or GraphQL?"). */
const choosesAmongPrevious = (words: readonly string[]) =>
  words.some((word, i) => word === 'which' && (words[i + 1] === 'one' || words[i + 1] === 'of')) &&
  !words.some((word) => word === 'or' || word === 'ya' || word === 'versus' || word === 'vs')
/** Last words that stand for the previous subject: "how is ordering guaranteed there?", "why not a queue instead?". */
const pointingEnds: ReadonlySet<string> = new Set(['there', 'instead'])
/** Words before a question's first words that only carry it on from the last ("ok, and if…", "so what if…"). */
const carryOns: ReadonlySet<string> = new Set(['ok', 'okay', 'and', 'so', 'but', 'now', 'then', 'achha', 'acha'])
/** Words that open a question of its own after a condition ("if it fails, what happens?"). */
const questionWords: ReadonlySet<string> = new Set(['what', 'how', 'why', 'which', 'who', 'when', 'where'])
/** Openings that name the subject being asked about: "what is Docker and why do we use it?". */
const definingOpenings = /^(what|who)\s+(is|are|was|were)$/
/** Own words a question that varies the previous one may add: "what if the array has negative numbers?". */
const MAX_VARIATION_WORDS = 3
/** Own words a question with a pronoun pointing back may add: "in production, how will you monitor it?". */
const MAX_POINTED_WORDS = 2
/** Demonstratives: a pronoun on their own ("is this secure?"), a determiner before a noun ("this keyword"). */
const demonstratives: ReadonlySet<string> = new Set(['this', 'that', 'these', 'those'])
/** A question opening with one of these and then a demonstrative has the demonstrative as its subject ("is this secure?"). */
const auxiliaries: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'shall',
  'might',
])

/**
 * Words that name nothing here though the search keeps them: "same" stands for what was asked
 * before ("same thing in React?"), and romanised Hindi pronouns and verb endings carry no subject
 * ("iska time complexity kya hoga?").
 */
const namesNothingHere: ReadonlySet<string> = new Set([
  'same',
  ...pointingPronouns,
  ...['hoga', 'hogi', 'honge', 'karoge', 'karenge', 'karega'],
])

const namesNothing = (word: string) => stopWords.has(word) || aspectWords.has(word) || namesNothingHere.has(word)

/**
 * Whether a question can only be understood with the previous one: it names no subject of its
 * own, every word being a function word, a pronoun or an aspect ("and why?", "what is its
 * complexity?", "what would you do differently?"); or its subject is a pronoun pointing back and
 * it adds at most one word of its own, after the pronoun ("is this secure?", "why is it used by
 * databases?"); or it is a short question whose pronoun, "there" or "instead" stands for the
 * previous subject, or a bare condition on the previous question (below). A question that names
 * its subject is never a follow-up, whatever words it contains ("how does this keyword work in
 * JavaScript?", "is it possible to sort in linear time?", "and what is a CDN?").
 */
export function needsPreviousQuestion(question: string): boolean {
  const words = rawWords(question)
  if (words.length === 0) return false
  const own = words.filter((word) => !namesNothing(word))
  if (own.length === 0) return true
  // A pronoun after a word of the question's own points at that word ("what is Docker and why use it?").
  const firstOwn = words.findIndex((word) => !namesNothing(word))
  const pointsBack = words.some(
    (word, i) =>
      i < firstOwn &&
      (pointingPronouns.has(word) ||
        (demonstratives.has(word) &&
          (namesNothing(words[i + 1] ?? '') || (i === 1 && auxiliaries.has(words[0] ?? ''))))),
  )
  return (pointsBack && own.length <= 1) || variesPrevious(words, own.length) || pointsAtPrevious(words, own.length)
}

/**
 * A condition put on the previous question, the condition being the whole question: "what if the
 * input is sorted?", "ok, and if we have many servers?". A condition followed by a question of its
 * own asks that question ("and if a container crashes, what does Kubernetes do?").
 */
function variesPrevious(words: readonly string[], ownCount: number): boolean {
  const start = words.findIndex((word) => !carryOns.has(word))
  const ifAt = words[start] === 'what' ? start + 1 : start
  if (words[ifAt] !== 'if' || ownCount > MAX_VARIATION_WORDS) return false
  return !words.slice(ifAt + 1).some((word) => questionWords.has(word))
}

/**
 * A short question whose pronoun or last word stands for the previous subject, wherever it comes:
 * "how will you monitor it?", "now do it without extra space", "how is ordering guaranteed there?".
 * A question that opens by naming what it asks about has its own subject ("what is Docker and why
 * do we use it?"), and a demonstrative before a word of its own is a determiner ("this hook").
 */
function pointsAtPrevious(words: readonly string[], ownCount: number): boolean {
  if (ownCount > MAX_POINTED_WORDS) return false
  const start = words.findIndex((word) => !carryOns.has(word))
  if (definingOpenings.test(words.slice(start, start + 2).join(' '))) return false
  const last = words.at(-1) ?? ''
  return (
    pointingEnds.has(last) ||
    choosesAmongPrevious(words) ||
    words.some(
      (word, i) => pointingPronouns.has(word) || (demonstratives.has(word) && namesNothing(words[i + 1] ?? '')),
    )
  )
}

/**
 * The question itself when it comes after a lead-in ("That makes sense. How does a CDN work?",
 * "OK, next one. What is sharding?"): the last sentence, when it is a question that names its
 * subject. Otherwise the whole text, whose earlier sentences may be what it is about.
 */
export function askedPart(text: string): string {
  const sentences = splitSentences(text)
  const last = sentences.at(-1)
  if (sentences.length < 2 || last === undefined || !last.endsWith('?') || needsPreviousQuestion(last)) return text
  return last
}
