import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'

const objectPronouns: ReadonlySet<string> = new Set(['it', 'them'])

/**
 * Words before which "it" is the subject of an inverted question ("is it possible…", "does it
 * matter…"): an impersonal or the question's own "it", not an object left for the previous
 * question to name.
 */
const invertingWords: ReadonlySet<string> = new Set([
  'is',
  'was',
  'are',
  'were',
  'does',
  'did',
  'do',
  'will',
  'would',
  'can',
  'could',
  'should',
  'has',
  'have',
  'isn',
  'doesn',
  'wasn',
])

/** Words after which "it" is a subject ("it is said…", "it was slow"). */
const subjectVerbs: ReadonlySet<string> = new Set(['is', 'was', 's', 'has', 'will', 'would', 'can', 'could'])

/**
 * Verbs of judging whose "it" anticipates the clause after its judgement ("do you find it hard to
 * say no to your manager?", "would you consider it a weakness that you cannot delegate?"): the "it"
 * stands for what follows, not for something said before. "Make" is left out: "how would you make
 * it faster to load?" may well be about the previous question's page.
 */
const judgingVerbs: ReadonlySet<string> = new Set([
  'find',
  'finds',
  'found',
  'consider',
  'considers',
  'considered',
  'think',
  'thinks',
  'feel',
  'feels',
  'believe',
  'believes',
])

/** Words that open the clause an anticipatory "it" stands for. */
const clauseOpeners: ReadonlySet<string> = new Set(['to', 'that', 'when', 'if'])

/** How many words the judgement between "it" and its clause may take ("hard", "a real weakness"). */
const MAX_JUDGEMENT_WORDS = 3

/** Whether the "it" at `pronoun` anticipates a clause after a judgement: "find it hard to…". */
const anticipatesClause = (words: readonly string[], pronoun: number): boolean =>
  judgingVerbs.has(words[pronoun - 1] ?? '') &&
  words.slice(pronoun + 2, pronoun + 2 + MAX_JUDGEMENT_WORDS).some((word) => clauseOpeners.has(word))

/** Words that open a noun phrase: what follows them may be what a later pronoun stands for. */
const determiners: ReadonlySet<string> = new Set(['a', 'an', 'the', 'our', 'my', 'your', 'his', 'her', 'their', 'its'])

/** A word that looks plural: "them" may stand for it, "it" may not ("which threads caused it?"). */
const looksPlural = (word: string) => word.endsWith('s') && !/(ss|us|is)$/.test(word)

/**
 * Whether a noun phrase before the pronoun could be what it stands for ("our office printer
 * keeps jamming, how would you fix it?"): a determiner and a word after it of the pronoun's number.
 */
function namedBefore(words: readonly string[], pronoun: number): boolean {
  const plural = words[pronoun] === 'them'
  return words.slice(0, pronoun).some((word, i) => {
    if (!determiners.has(word)) return false
    const phrase = words.slice(i + 1, Math.min(pronoun, i + 4))
    return phrase.some((noun) => looksPlural(noun) === plural)
  })
}

/**
 * Whether the question leaves an object pronoun for something said before: "which threads caused
 * it?", "how would you track it down?", "when should you avoid them?". The pronoun is an object
 * there, after a verb, not the subject of an inverted or impersonal clause nor the "it" of a
 * judgement that anticipates its clause, and nothing the question names before it can be what it
 * stands for.
 */
export function leavesObjectOpen(question: string): boolean {
  const words = rawWords(question)
  return words.some(
    (word, i) =>
      objectPronouns.has(word) &&
      i > 0 &&
      !invertingWords.has(words[i - 1] ?? '') &&
      !subjectVerbs.has(words[i + 1] ?? '') &&
      !anticipatesClause(words, i) &&
      !namedBefore(words, i),
  )
}
