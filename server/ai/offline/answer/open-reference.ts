/**
 * Whether a question leaves a reference for the conversation to resolve: a pronoun ("it", "them",
 * "iska"), a bare "one" ("inserting into one") or a bare "kaunsa" that nothing named before it in
 * the question can stand for.
 *
 * The rules are grammar, not wordings: the noun phrase a question asks for is not what its
 * pronoun stands for ("which queries caused it?", "what kind of code stops it…?"), nor one
 * quantified one by one ("should I wrap every calculation in it?"), nor a verb after its subject ("what
 * did you change so it…"), nor a lead-in ("achha, …") or a setting put first ("in production,
 * how will you monitor it?"); a part of a set ("too many of them") needs a plural or two things
 * named, while "they" may be one person; an impersonal "it"
 * anticipates what follows it ("is it safe to…", "how do you handle it when…").
 */
import { acknowledgements } from './lead-in.ts'

/** Singular pronouns, English and romanised Hindi. */
const singularPronouns: ReadonlySet<string> = new Set([
  ...['it', 'its'],
  ...['iska', 'iske', 'iski', 'isko', 'isme', 'ismein', 'isse', 'ise'],
  ...['uska', 'uske', 'uski', 'usko', 'usme', 'usmein', 'usse'],
])
/** Plural pronouns, English and romanised Hindi. */
const pluralPronouns: ReadonlySet<string> = new Set([
  ...['they', 'them', 'their'],
  ...['unka', 'unke', 'unki', 'unko', 'unse', 'inka', 'inke', 'inki', 'inko', 'inse'],
])

/** Words that join two clauses. */
const clauseJoins: ReadonlySet<string> = new Set(['and', 'but', 'so', 'aur', 'lekin', 'par'])
/** Words that open a clause of their own, before which the pronoun's subject does not reach ("…record without mutating it"). */
const clauseOpeners: ReadonlySet<string> = new Set([
  ...clauseJoins,
  ...['without', 'before', 'after', 'while', 'by', 'instead', 'when', 'if', 'because', 'that', 'which', 'who'],
])
/** Words that name two things together, so that a plural pronoun may stand for them. */
const coordinators: ReadonlySet<string> = new Set(['and', 'or', 'ya', 'aur', 'vs', 'versus', 'both'])
/** Words opening the noun phrase a question asks for: that noun is no antecedent ("which queries caused it?"). */
const askingDeterminers: ReadonlySet<string> = new Set(['which', 'what', 'kaunsa', 'kaunsi', 'kaunse'])
/** Words that chain an asked-for noun phrase on: "what kind of code", "which type of index". */
const askedChain: ReadonlySet<string> = new Set(['kind', 'kinds', 'type', 'types', 'sort', 'of'])
/** Words after which an impersonal "it" anticipates what it stands for. */
const anticipated: ReadonlySet<string> = new Set(['to', 'that', 'whether', 'if', 'which', 'when', 'how', 'what', 'ki'])
/** Auxiliaries before a subject: "is it safe to…", "does it matter which…". */
const auxiliaries: ReadonlySet<string> = new Set([
  ...['is', 'are', 'was', 'were', 'does', 'do', 'did', 'can', 'could', 'will', 'would', 'should', 'might', 'shall'],
])
/** Quantifiers: a noun after them is no antecedent of "it" ("wrap every calculation in it"). */
const quantifiers: ReadonlySet<string> = new Set(['every', 'each', 'any', 'no'])
/** Words before "of them" that take a part of a set: "too many of them", "both of them". */
const partitiveWords: ReadonlySet<string> = new Set(['many', 'some', 'all', 'most', 'few', 'both', 'each', 'any'])
/** Number words: "one to one", "one by one" are no pronoun. */
const numberWords: ReadonlySet<string> = new Set(['one', 'two', 'three', 'four', 'five', 'ten', 'hundred'])
/** Romanised Hindi "which": before a word that names nothing, a choice among options named before. */
const hindiWhich: ReadonlySet<string> = new Set(['kaunsa', 'kaunsi', 'kaunse'])
/** Verbs whose "it" stands for what follows it: "do you find it hard to say no?". */
export const anticipatingVerbs: ReadonlySet<string> = new Set([
  'find',
  'consider',
  'call',
  'think',
  'feel',
  'believe',
  'take',
])
/** Prepositions before which a closing "one" stands for a kind named before ("inserting into one"). */
const prepositions: ReadonlySet<string> = new Set([
  ...['into', 'in', 'on', 'from', 'to', 'with', 'for', 'inside', 'onto', 'of', 'about', 'at', 'by', 'behind'],
])

/** Subjects after which the next word is their verb, never what a pronoun stands for ("what did you change…"). */
const personalSubjects: ReadonlySet<string> = new Set(['you', 'i', 'we', 'he', 'she', 'to'])
/** Words that open a noun phrase. */
const determiners: ReadonlySet<string> = new Set(['a', 'an', 'the', 'this', 'that', 'my', 'your', 'our'])
/** The most words of a noun phrase before the "of" that completes it ("the hardest part of"). */
const MAX_PHRASE_WORDS = 4
/** Prepositions that open a setting put before the question ("in production, …", "at scale, …"). */
const settingOpeners: ReadonlySet<string> = new Set(['in', 'at', 'on', 'for', 'under', 'with', 'during', 'after'])
/** The most words of a setting put before the question: longer, it names what a pronoun may stand for. */
const MAX_SETTING_WORDS = 3

/** Whether the word at `i` can be what a pronoun stands for: a noun of the question's own. */
function mayBeAntecedent(reading: Reading, i: number): boolean {
  const { words, namesNothingAt } = reading
  const word = words[i] ?? ''
  if (namesNothingAt(words, i) || acknowledgements.has(word) || quantifiers.has(word) || prepositions.has(word))
    return false
  if (/(ly|wards)$/.test(word)) return false
  // An "-ing" verb before its preposition or object ("inserting into one") names no thing.
  if (word.endsWith('ing') && (prepositions.has(words[i + 1] ?? '') || determiners.has(words[i + 1] ?? '')))
    return false
  return !personalSubjects.has(words[i - 1] ?? '')
}

/**
 * The indices of a setting put before the question, a short clause opened by a preposition ("in
 * production, how will you monitor it?"): it names where, not what the pronoun stands for.
 */
function settings({ words, breaks }: Reading): ReadonlySet<number> {
  const inSetting = new Set<number>()
  const starts = [0, ...breaks]
  for (const [k, start] of starts.entries()) {
    const end = starts[k + 1] ?? words.length
    const opening = words.slice(start, end).findIndex((word) => !acknowledgements.has(word) && !clauseJoins.has(word))
    if (opening < 0 || !settingOpeners.has(words[start + opening] ?? '')) continue
    if (end - start - opening > MAX_SETTING_WORDS || k === starts.length - 1) continue
    for (let i = start; i < end; i++) inSetting.add(i)
  }
  return inSetting
}

/** A word that looks plural: "them" may stand for it. */
const looksPlural = (word: string) => word.endsWith('s') && !/(ss|us|is)$/.test(word)

export type Reading = {
  readonly words: readonly string[]
  /** Where each clause after the first starts (sentence breaks and commas of the question as typed). */
  readonly breaks: readonly number[]
  /** Whether the word at an index names nothing of its own. */
  readonly namesNothingAt: (words: readonly string[], i: number) => boolean
}

/**
 * The indices of the noun phrases a question asks for ("which queries", "what kind of code", "how
 * much extra space") and of the verb after them.
 */
function askedFor({ words, namesNothingAt }: Reading): ReadonlySet<number> {
  const asked = new Set<number>()
  for (const [i, word] of words.entries()) {
    const howMuch = word === 'how' && (words[i + 1] === 'much' || words[i + 1] === 'many')
    if (!askingDeterminers.has(word) && !howMuch) continue
    let j = howMuch ? i + 2 : i + 1
    const chain = new Set<number>()
    while (askedChain.has(words[j] ?? '')) chain.add(j++)
    // "What about closures", "what is a heap": no noun asked for.
    if (namesNothingAt(words, j) && !chain.has(j - 1)) continue
    // The noun asked for and the verb after it: "what kind of code stops…", "which queries caused…".
    if (namesNothingAt(words, j)) chain.add(j++)
    while (j < words.length && !namesNothingAt(words, j)) chain.add(j++)
    chain.add(j)
    for (const k of chain) asked.add(k)
  }
  return asked
}

/** Quantified noun phrases ("every calculation"): what an object pronoun of their clause cannot stand for. */
function quantified(words: readonly string[]): ReadonlySet<number> {
  return new Set(words.flatMap((word, i) => (quantifiers.has(word) ? [i + 1] : [])))
}

/**
 * What an object pronoun cannot stand for: the verb it follows and that verb's subject ("why do
 * databases use it?", "does the caller see it?", "when many threads hit it"), or the phrase it is
 * part of ("the hardest part of it"). After another preposition it may stand for its clause's
 * subject.
 */
function localSubject(reading: Reading, at: number): ReadonlySet<number> {
  const { words, breaks, namesNothingAt } = reading
  const subject = new Set<number>()
  // "The hardest part of reversing it": the phrase the pronoun is part of is not what it stands for;
  // it reaches back to its determiner.
  const of = words.lastIndexOf('of', at - 1)
  const between = words.slice(of + 1, at)
  const inPhrase =
    of > 0 && of >= at - 3 && !between.some((word) => clauseJoins.has(word)) && !breaks.some((b) => b > of && b <= at)
  if (inPhrase) {
    const from = Math.max(0, of - MAX_PHRASE_WORDS)
    const determiner = words.slice(from, of).findLastIndex((word) => determiners.has(word))
    for (let i = determiner < 0 ? of : from + determiner; i < at; i++) subject.add(i)
    return subject
  }
  // After a preposition the pronoun may stand for its clause's subject ("point a mistake out to them").
  if (prepositions.has(words[at - 1] ?? '')) return subject
  const verb = at - 1
  subject.add(verb)
  for (let i = verb - 1; i >= 0 && !namesNothingAt(words, i) && !breaks.includes(i + 1); i--) {
    if (clauseOpeners.has(words[i] ?? '')) break
    subject.add(i)
  }
  return subject
}

/** Whether something named before the word at `at` can be what it stands for. */
function namedBefore(reading: Reading, at: number): boolean {
  const { words } = reading
  const word = words[at] ?? ''
  // A pronoun that is no object (a possessive, a subject, a Hindi pronoun) may stand for its own
  // clause's subject, quantified or not ("so many teams … their apps"), or for a noun of the clause
  // before ("the client changed what they wanted").
  const excluded = !objectAt(words, at)
    ? askedFor(reading)
    : new Set([...askedFor(reading), ...(word === 'it' ? quantified(words) : []), ...localSubject(reading, at)])
  const setting = settings(reading)
  const named = words.flatMap((_, i) =>
    i < at && !excluded.has(i) && !setting.has(i) && mayBeAntecedent(reading, i) ? [i] : [],
  )
  if (named.length === 0) return false
  // A part of a set ("too many of them", "kaunsa") needs a plural or two things named; else "they"
  // and "their" may stand for one person ("a teammate was not pulling their weight").
  const partitive = hindiWhich.has(word) || (words[at - 1] === 'of' && partitiveWords.has(words[at - 2] ?? ''))
  if (!partitive) return true
  return named.some((i) => looksPlural(words[i] ?? '')) || words.slice(named[0], at).some((w) => coordinators.has(w))
}

/** Words after "it" that make it a subject: an auxiliary, an adverb, or a verb in "-s" ("it needs", "it all becomes"). */
const afterSubject: ReadonlySet<string> = new Set([
  ...auxiliaries,
  ...['has', 'had', 'no', 'not', 'never', 'always', 'also', 'still', 'only', 'just', 'all', 'ever', 'really'],
])
/** Words after which "it" opens a clause as its subject ("when it…", "so it would…"). */
const subjectOpeners: ReadonlySet<string> = new Set([
  ...['if', 'when', 'so', 'because', 'as', 'until', 'once', 'while', 'where', 'and', 'but', 'or', 'that', 'what'],
])

/** Whether the pronoun at `at` is an object: "them", or an "it" that is no subject; Hindi pronouns are left free. */
function objectAt(words: readonly string[], at: number): boolean {
  const word = words[at] ?? ''
  if (word === 'them') return true
  if (word !== 'it') return false
  const next = words[at + 1] ?? ''
  if (subjectOpeners.has(words[at - 1] ?? '') || auxiliaries.has(words[at - 1] ?? '')) return false
  return !(afterSubject.has(next) || (next.endsWith('s') && !next.endsWith('ss')))
}

/**
 * Whether the "it" at `at` is impersonal: it anticipates a clause ("is it safe to…", "handle it
 * when…"). A subject "it" whose verb takes the noun phrase the question asks for as its object
 * does something itself: "what algorithms can it use to pick a server?" asks what the previous
 * subject uses.
 */
function impersonal(reading: Reading, at: number): boolean {
  const { words } = reading
  if (words[at] !== 'it') return false
  if (anticipatingVerbs.has(words[at - 1] ?? '')) return true
  if (anticipated.has(words[at + 1] ?? '')) return true
  // A subject "it" after an auxiliary, with a clause or an infinitive after it: "does it matter which…".
  if (!auxiliaries.has(words[at - 1] ?? '') || !words.slice(at + 1).some((word) => anticipated.has(word))) return false
  // "Which database would it be best to use?": a judgement on the clause that follows is impersonal.
  if (judging.has(words[at + 1] ?? '')) return true
  const asked = askedFor(reading)
  return !words.some((word, i) => i < at - 1 && asked.has(i) && !reading.namesNothingAt(words, i))
}

/** Words after an impersonal subject "it" that judge the clause it anticipates: "would it be best to…". */
const judging: ReadonlySet<string> = new Set([
  ...['be', 'been', 'being', 'best', 'better', 'good', 'bad', 'worse', 'safe', 'safer', 'possible', 'okay', 'ok'],
  ...['fine', 'wise', 'easy', 'easier', 'hard', 'harder', 'necessary', 'worth', 'right', 'wrong', 'important'],
  ...['matter', 'make', 'mean', 'take', 'help', 'pay', 'hurt', 'cost'],
])

/** Whether the word at `at` refers to something said before, not naming it itself. */
function refersAt(reading: Reading, at: number): boolean {
  const { words, breaks, namesNothingAt } = reading
  const word = words[at] ?? ''
  const next = words[at + 1]
  if (singularPronouns.has(word) || pluralPronouns.has(word)) return !impersonal(reading, at)
  // "One" closing a phrase after a preposition: "inserting into one", "why not build on one".
  if (word === 'one')
    return (
      prepositions.has(words[at - 1] ?? '') &&
      !numberWords.has(words[at - 2] ?? '') &&
      (next === undefined || clauseJoins.has(next) || breaks.includes(at + 1))
    )
  // "Kaunsa" before a word that names nothing ("kaunsa use karenge?"), not before a noun ("kaunsa index").
  return hindiWhich.has(word) && (next === undefined || namesNothingAt(words, at + 1))
}

/** Endings that place a subject within a frame left unsaid: "where does the certificate come in?". */
const framedEndings: readonly (readonly string[])[] = [
  ['come', 'in'],
  ['comes', 'in'],
  ['fit', 'in'],
  ['fits', 'in'],
  ['come', 'into', 'play'],
  ['comes', 'into', 'play'],
]

/**
 * A subject placed in a frame the question leaves unsaid, the frame being what was just discussed:
 * "where does the certificate come in?", "and how does a refresh token fit in?". Something named
 * before the question word is the frame ("in a microservices setup, where does a gateway fit in?").
 */
function framesInPrevious({ words, namesNothingAt }: Reading): boolean {
  const ending = framedEndings.find((end) => end.every((word, i) => words[words.length - end.length + i] === word))
  if (ending === undefined) return false
  const asking = words.findIndex((word) => word === 'where' || word === 'how')
  return (
    asking >= 0 &&
    words.slice(0, asking).every((_, i) => namesNothingAt(words, i) || acknowledgements.has(words[i] ?? ''))
  )
}

/**
 * Whether the question refers to something it does not name: some pronoun, bare "one" or
 * "kaunsa" has nothing named before it in the question that it can stand for, or it places its
 * subject in a frame left unsaid.
 */
export function leavesReferenceOpen(reading: Reading): boolean {
  return reading.words.some((_, at) => refersAt(reading, at) && !namedBefore(reading, at)) || framesInPrevious(reading)
}
