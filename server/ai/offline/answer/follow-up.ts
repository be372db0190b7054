import { aspectWords } from '#server/ai/offline/search/text/aspect-words.ts'
import { addressesTheCandidateWord } from '#server/ai/offline/search/text/candidate-address.ts'
import { DEMONSTRATIVE_CASE_FORMS, REFLEXIVE_PRONOUNS } from '#server/ai/offline/search/text/hindi-lexicon.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'
import { splitSentences } from '#server/ai/offline/knowledge/spoken-shape.ts'
import { comparesWithUnsaid, leavesSubjectUnsaid } from './ellipsis.ts'
import {
  type ConditionOpening,
  conditionOpeningAt,
  hindiConditionClose,
  introducesKnownSubject,
  isBoundToBeat,
  isImprovingWord,
} from './condition.ts'
import { asksInAnotherContext } from './follow-up-context.ts'
import { withoutLeadIn } from './lead-in.ts'
import { withoutPresentation } from './presentation.ts'
import { continuesTheStory, storyParticipants } from './story-continuation.ts'
import { anticipatingVerbs, leavesReferenceOpen } from './open-reference.ts'
import { asksAboutTerms, carriedOnTermEntry, personalQuestionEntry } from './personal-question.ts'

/** Pronouns that point back at something said before, English and romanised Hindi ("iska", "uske"). */
const pointingPronouns: ReadonlySet<string> = new Set([
  ...['it', 'its', 'they', 'them', 'their'],
  // Hindi "this" and "that" in every case ("iska", "uspe", "unse"); the bare forms are English words.
  ...DEMONSTRATIVE_CASE_FORMS,
  // "Which one" of the options just named.
  ...['kaunsa', 'kaunsi', 'kaunse'],
])
/** Last words that stand for the previous subject: "how is ordering guaranteed there?", "why not a queue instead?". */
const pointingEnds: ReadonlySet<string> = new Set(['there', 'instead'])
/** An opening that offers something instead of the previous subject, "instead" left unsaid: "why not use a hash set?". */
const offersInstead = (words: readonly string[], start: number) => words[start] === 'why' && words[start + 1] === 'not'
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
/** Own words after a pronoun that is what the asked action is done to: "how would you make it work across data centres?". */
const MAX_OBJECT_WORDS = 5
/** Words that name the alternatives a choice is between: "which one is better, Redis or Memcached?", Hindi "ya". */
const namedAlternatives: ReadonlySet<string> = new Set(['or', 'ya', 'vs', 'versus', 'between'])
/** Words before "one" that make it one of the previous question's alternatives ("which one", "the second one"). */
const choosers: ReadonlySet<string> = new Set(['which', 'first', 'second', 'other', 'former', 'latter', 'last'])
/** Openings that look back at the story just told and name nothing: "looking back, what would you change?". */
const lookingBack: readonly (readonly string[])[] = [
  ['looking', 'back'],
  ['thinking', 'back'],
  ['in', 'hindsight'],
  ['in', 'retrospect'],
]
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
 * A manner of doing what was asked: "how about iteratively?", "can you do it recursively?". Set
 * against another ("recursive or iterative, which is better?") a manner is what is asked about.
 */
const mannerWords: ReadonlySet<string> = new Set([
  ...['iteratively', 'recursively', 'iterative', 'recursive', 'concurrently', 'asynchronously', 'lazily', 'eagerly'],
])
/** Words that set one thing against another: "recursive or iterative", Hindi "ya", "vs". */
const comparingWords: ReadonlySet<string> = new Set(['or', 'ya', 'vs', 'versus'])

/**
 * Words that name nothing here though the search keeps them: "same" stands for what was asked
 * before ("same thing in React?"), and romanised Hindi pronouns and verb endings carry no subject
 * ("iska time complexity kya hoga?").
 */
const namesNothingHere: ReadonlySet<string> = new Set([
  'same',
  // "what was the final result?", "overall, what did you learn?"
  ...['final', 'finally', 'overall', 'eventually'],
  // "what is the difference between the two?"
  ...['two', 'both'],
  // "is that always true?", "would it still work with a million records?"
  ...['still', 'always', 'never', 'ever', 'true'],
  ...mannerWords,
  // A part of the answer just given: "could you elaborate on the second point?", "walk me through the code"
  ...['point', 'points', 'walk', 'diagram', 'draw', 'sketch'],
  ...pointingPronouns,
  ...['hoga', 'hogi', 'honge', 'karoge', 'karenge', 'karega'],
  // "How much" and "will take": "kitna time lagega?"
  ...['kitna', 'kitni', 'kitne', 'lagega', 'lagegi', 'lagenge', 'lagta', 'lagti'],
])

const namesNothing = (word: string) => stopWords.has(word) || aspectWords.has(word) || namesNothingHere.has(word)

/**
 * Nouns that name only a kind of thing. After "this" or "that" they stand for the thing just
 * discussed as "it" does, however many words the question adds ("why does this hook run twice in
 * development?", "can this pattern cause memory leaks?"). "This keyword" is JavaScript's own
 * subject, so "keyword" is not one. A
 * word before the noun is the subject's name ("this useMemo hook") unless the two are one kind.
 */
const kindNouns: readonly (readonly string[])[] = [
  ...['hook', 'algorithm', 'pattern', 'structure', 'method', 'function', 'technique', 'trick', 'strategy'],
  ...['mechanism', 'implementation', 'setup', 'query', 'feature', 'tool', 'library', 'component', 'protocol'],
  ...['architecture', 'decision', 'project', 'situation', 'incident', 'mistake', 'conflict', 'experience'],
  // Kinds of thing any answer may have given: "how will that approach cope…", "is that figure fixed?".
  ...['approach', 'solution', 'design', 'option', 'idea', 'case', 'scenario', 'number', 'figure', 'amount'],
  ...['data structure', 'design pattern', 'sorting algorithm', 'search algorithm'],
]
  .flatMap((kind) => [kind, `${kind}s`])
  .map((kind) => kind.split(' '))
  .sort((a, b) => b.length - a.length)
/** Words after a noun of a kind that name the thing on the spot: "this pattern called observer". */
const namingWords: ReadonlySet<string> = new Set(['called', 'named', 'known'])

/** Words before "react" that make it the verb ("how did you react?"), not the framework ("what is React?"). */
const beforeTheVerb: ReadonlySet<string> = new Set([
  ...['you', 'i', 'we', 'they', 'he', 'she', 'people', 'others'],
  // "How did your manager react?"
  ...storyParticipants,
  ...['would', 'will', 'did', 'does', 'do', 'should', 'could', 'can', 'might', 'to'],
])

/**
 * Parts of an answer or a story just given. After "the" or "your" they point at it ("what is the
 * base case?", "can you draw the architecture?", "what was your role?"); after "a" they are the
 * subject asked about ("what is a schema?"), and with whose they are a subject is named ("the role
 * of a load balancer").
 */
const answerParts: ReadonlySet<string> = new Set([
  ...['base', 'architecture', 'schema', 'impact', 'role', 'contribution', 'result', 'results', 'bottleneck'],
])
const pointingDeterminers: ReadonlySet<string> = new Set(['the', 'your'])

/**
 * Whether the word at `i` names nothing there: "react" names the framework unless it is the verb,
 * a part of the answer after "the" or "your" is the answer's, and a manner set against another is
 * the question's own subject.
 */
function namesNothingAt(words: readonly string[], i: number): boolean {
  const word = words[i] ?? ''
  if (mannerWords.has(word) && (comparingWords.has(words[i - 1] ?? '') || comparingWords.has(words[i + 1] ?? '')))
    return false
  if (answerParts.has(word) && pointingDeterminers.has(words[i - 1] ?? '')) return true
  if (word === 'react' && !beforeTheVerb.has(words[i - 1] ?? '') && words[i + 1] !== 'to') return false
  // "Er" is a spoken filler, except as the entity-relationship model ("an ER diagram").
  if (word === 'er' && (words[i + 1] === 'diagram' || words[i + 1] === 'model')) return false
  // A request to improve asks about the previous solution, the bound it sets being that solution's
  // ("could we beat O(n)?").
  if (isImprovingWord(word) || isBoundToBeat(words, i)) return true
  return namesNothing(word)
}

/**
 * The question's words as the follow-up rules read them: after an opening that looks back at the
 * story ("in hindsight, …"), with a pronoun that points at nothing read as a function word.
 */
const wordsAsRead = (question: string): readonly string[] =>
  withoutIdiomPronouns(withoutLookingBack(rawWords(question)))

/**
 * Made only of words that name nothing ("which one is better?", "how would you scale it?"). A
 * bound to beat names what it was said of when nothing was heard before it: "can we do better
 * than O(n log n)?" heard first is searched for by its bound.
 */
export function namesNoSubject(question: string): boolean {
  const words = wordsAsRead(question)
  return words.length > 0 && words.every((_, i) => namesNothingAt(words, i) && !isBoundToBeat(words, i))
}

const reflexivePronouns: ReadonlySet<string> = new Set(REFLEXIVE_PRONOUNS)

/**
 * Whether a question is put to the candidate about themselves and points at nothing said before:
 * it speaks to them ("what are you doing now?", "apne baare mein batao", about yourself) and has
 * no pronoun or demonstrative that points back ("how would you scale it?"). Named in function
 * words only, its subject is the candidate.
 */
export function asksTheCandidateAlone(question: string): boolean {
  const words = wordsAsRead(question)
  return (
    words.some((word) => addressesTheCandidateWord(word) || reflexivePronouns.has(word)) &&
    !words.some((word) => pointingPronouns.has(word) || demonstratives.has(word))
  )
}

/**
 * Whether a question can only be understood with the previous one: it names no subject of its
 * own, every word being a function word, a pronoun or an aspect ("and why?", "what is its
 * complexity?", "what would you do differently?"); or its subject is a pronoun pointing back and
 * it adds at most one word of its own, after the pronoun ("is this secure?", "why is it used by
 * databases?"); or it is a short question whose pronoun, "there" or "instead" stands for the
 * previous subject, or a bare condition on the previous question ("suppose the array is sorted?",
 * "agar data sorted ho toh?"; on the job's terms asked before, whatever its words); or it asks the
 * same in another language, framework or database ("same thing in Python?"), points at one of
 * the previous question's alternatives ("which one would you pick?"), does something to it ("how
 * would you make it thread-safe?") or asks to improve on it ("can we do better than O(n log n)?",
 * the bound being the previous solution's). A question that names its subject is never a follow-up, whatever words
 * it contains ("how does this keyword work in JavaScript?", "is it possible to sort in linear
 * time?", "and what is a CDN?", "tell me about yourself", "how does merge sort work and when would
 * you use it?").
 */
export function needsPreviousQuestion(question: string, previous?: string): boolean {
  const words = wordsAsRead(question)
  if (words.length === 0) return false
  // Where the words that name something stand.
  const own = words.flatMap((_, i) => (namesNothingAt(words, i) ? [] : [i]))
  const varies = variesPrevious(words, own)
  // After a question about the job's terms a bare condition is put on those terms, whatever its
  // words would ask alone: "and if you leave early?" after a service bond is about breaking the
  // bond, not about changing jobs. After any other question a condition worded as one put to the
  // candidate asks that ("what if you get a counter offer?" after a hash map).
  if (varies && previous !== undefined && asksAboutTerms(previous)) return true
  // The candidate is a subject of its own, worded in function words ("tell me about yourself").
  if (personalQuestionEntry(question) !== null || comparesTwoNamed(words)) return false
  if (own.length === 0) return true
  const ownWords = own.map((i) => words[i] ?? '')
  if (previous !== undefined && continuesTheStory(words, ownWords, previous)) return true
  const breaks = clauseStarts(question, words.length)
  if (asksInAnotherContext(words) || choosesAlternative(words, own.length, breaks) || actsOnPrevious(words, own.length))
    return true
  // A pronoun after a word of the question's own points at that word ("what is Docker and why use it?").
  const firstOwn = own[0] ?? -1
  if (pointsAtOwnSubject(words, firstOwn, breaks)) return false
  if (pointsByKind(words)) return true
  // A pronoun, a bare "one" or "kaunsa" that nothing the question names can stand for needs the
  // previous question, however many words of its own the question adds ("how do you find out which
  // queries caused it?"); one that something named stands for does not ("what about WeakMap, when
  // would you use it?").
  const open = leavesReferenceOpen({ words, breaks, namesNothingAt })
  if (open) return true
  // An aspect, a setting or a condition whose subject is left unsaid ("and for writes?", "versus a
  // B-tree?"); a term of the job named alone after a question on the job's terms is its own subject
  // ("what about relocation?" after night shifts).
  const termNamed = previous !== undefined && carriedOnTermEntry(question, previous) !== null
  if (!termNamed && leavesSubjectUnsaid({ words, own, breaks })) return true
  const pointsBack = words.some(
    (word, i) =>
      i < firstOwn &&
      (pointingPronouns.has(word) ||
        (demonstratives.has(word) &&
          (namesNothing(words[i + 1] ?? '') || (i === 1 && auxiliaries.has(words[0] ?? ''))))),
  )
  return (
    (pointsBack && own.length <= 1) ||
    varies ||
    putsUnderLoad(words, own.length) ||
    pointsAtPrevious(words, own.length, open)
  )
}

/**
 * A choice between options named before: "which one would you use for video calls?", "which of
 * the two is faster?". A choice that names its options is between its own: "…, REST or GraphQL?",
 * "which of Redis and Memcached is faster?".
 */
function choosesAmongPrevious(words: readonly string[]): boolean {
  if (words.some((word) => namedAlternatives.has(word))) return false
  return words.some(
    (word, i) =>
      word === 'which' &&
      // Two things named together before it are its own options ("Redis and Memcached, which of the two…?").
      !optionsNamedBefore(words, i) &&
      (words[i + 1] === 'one' || (words[i + 1] === 'of' && standsForNamed(words[i + 2] ?? ''))),
  )
}

/**
 * Whether two things are named together before the word at `at`, so that a choice there is between
 * them ("cookies and localStorage, … which one?"): an "and" after a word that names something. A
 * leading "and" ("and which one would you pick?") joins the question to the previous one instead.
 */
const optionsNamedBefore = (words: readonly string[], at: number): boolean =>
  words
    .slice(0, at)
    .some(
      (word, k) => (word === 'and' || word === 'aur') && words.slice(0, k).some((_, j) => !namesNothingAt(words, j)),
    )

/** Words that stand for one of two things named before: "the two", "this one", "it". */
const standsForNamed = (word: string) =>
  pointingPronouns.has(word) ||
  demonstratives.has(word) ||
  ['a', 'an', 'the', 'two', 'both', 'one', 'ones', 'other', 'former', 'latter'].includes(word)

/**
 * A comparison of two things the question names, even in words that alone name nothing: "what is
 * the difference between WHERE and HAVING?", "scale up vs scale out". "The difference between the
 * two" and "it vs this one" compare what was named before.
 */
function comparesTwoNamed(words: readonly string[]): boolean {
  // "And versus NoSQL?" names one side: the carry-on is no side.
  const names = (side: readonly string[]) => side.some((word) => !standsForNamed(word) && !carryOns.has(word))
  const versus = words.findIndex((word) => word === 'vs' || word === 'versus')
  if (versus > 0) return names(words.slice(0, versus)) && names(words.slice(versus + 1))
  const between = words.indexOf('between')
  const and = words.indexOf('and', between)
  return between >= 0 && and > between && names(words.slice(between + 1, and)) && names(words.slice(and + 1))
}

/**
 * A pronoun in a second clause, joined by "and" to a first that names the question's own subject
 * ("how does merge sort work and when would you use it?", "explain IaC and its benefits"), or
 * after a sentence break or a comma that closes a first clause asking what its subject is ("what
 * is Docker? what are the benefits of it?", "what is Kubernetes, what is the purpose of it?"). A
 * first clause of another kind may set its subject beside the previous one ("and UDP, does it do
 * the same?") or put the previous question somewhere ("in production, how will you monitor it?").
 */
function pointsAtOwnSubject(words: readonly string[], firstOwn: number, breaks: readonly number[]): boolean {
  const pointsFrom = (start: number) => words.slice(start).some((word) => pointingPronouns.has(word))
  const and = words.indexOf('and', firstOwn)
  if (and > firstOwn && pointsFrom(and + 1)) return true
  const clauseStart = breaks.findLast((start) => start <= firstOwn) ?? 0
  const nextClause = breaks.find((start) => start > firstOwn)
  const opening = words.slice(clauseStart).findIndex((word) => !carryOns.has(word)) + clauseStart
  return (
    nextClause !== undefined &&
    definingOpenings.test(words.slice(opening, opening + 2).join(' ')) &&
    pointsFrom(nextClause)
  )
}

/** Where each clause after a sentence break or a comma starts among the question's words as read. */
function clauseStarts(question: string, wordsRead: number): readonly number[] {
  // The words of an opening that looks back at the story are not read.
  let start = wordsRead - rawWords(question).length
  const starts: number[] = []
  for (const clause of question.split(/(?<=[.!?,;])\s+/).slice(0, -1)) {
    start += rawWords(clause).length
    if (start > 0) starts.push(start)
  }
  return starts
}

/**
 * "This" or "that" and a noun of a kind ("this hook", "that data structure") standing for the
 * previous subject, the question adding at most a few words of its own elsewhere. After "and" the
 * noun stands for the subject named before it ("what is a Bloom filter and when is this data
 * structure a bad fit?").
 */
function pointsByKind(words: readonly string[]): boolean {
  const phrase = kindPhrase(words)
  if (phrase === null) return false
  const [start, end] = phrase
  const outside = (i: number) => i < start || i > end
  const own = words.flatMap((_, i) => (outside(i) && !namesNothingAt(words, i) ? [i] : []))
  const firstOwn = own[0] ?? -1
  const and = words.indexOf('and', firstOwn)
  return own.length <= MAX_OBJECT_WORDS && !(firstOwn >= 0 && firstOwn < start && and > firstOwn && and < start)
}

/** Where "this"/"that" and a noun of a kind stand (first and last word), or null. */
function kindPhrase(words: readonly string[]): readonly [number, number] | null {
  for (const [start, word] of words.entries()) {
    if (!demonstratives.has(word)) continue
    const kind = kindNouns.find((nouns) => nouns.every((noun, i) => words[start + 1 + i] === noun))
    const end = start + (kind?.length ?? 0)
    if (kind !== undefined && !namingWords.has(words[end + 1] ?? '')) return [start, end]
  }
  return null
}

/**
 * The words with a pronoun that points inside the question ("change its own props") or at
 * nothing ("is strictNullChecks worth it?") read as a function word.
 */
function withoutIdiomPronouns(words: readonly string[]): readonly string[] {
  return words.map((word, i) =>
    pointingPronouns.has(word) && (words[i + 1] === 'own' || words[i - 1] === 'worth') ? 'the' : word,
  )
}

/** The words after an opening that looks back at the story just told ("in hindsight, …"). */
function withoutLookingBack(words: readonly string[]): readonly string[] {
  const opening = lookingBack.find((phrase) => phrase.every((word, i) => words[i] === word))
  return opening === undefined ? words : words.slice(opening.length)
}

/**
 * One of the previous question's alternatives, not named again: "which one would you pick for
 * online gaming?", "what happens if the second one fails?". A question naming its alternatives
 * chooses between its own ("which one is better, Redis or Memcached?").
 */
function choosesAlternative(words: readonly string[], ownCount: number, breaks: readonly number[]): boolean {
  if (words.some((word) => namedAlternatives.has(word))) return false
  if (asksWhichOfPrevious(words, breaks)) return true
  if (ownCount > MAX_POINTED_WORDS) return false
  return words.some(
    (word, i) =>
      (word === 'one' && choosers.has(words[i - 1] ?? '')) ||
      ((word === 'former' || word === 'latter') && words[i - 1] === 'the'),
  )
}

/** Prepositions that open a setting put before a choice: "for a small startup, which one…?". */
const settingOpeners: ReadonlySet<string> = new Set(['for', 'in', 'at', 'on', 'with', 'under', 'during'])
/** Words that count options named before: "which of the three", "which of these two". */
const optionCounts: ReadonlySet<string> = new Set([
  ...['the', 'these', 'those', 'them', 'both', 'two', 'three', 'four', 'ones', 'options'],
])

/**
 * "Which one" or "which of the three" with no options of its own: a choice among options named
 * before, however many words the question adds ("so for a CPU-heavy job, which one would you go
 * for?"). "Which one of the sorting algorithms…" names its own options.
 */
function asksWhichOfPrevious(words: readonly string[], breaks: readonly number[]): boolean {
  return words.some((word, i) => {
    // Two things named before it together are its own options ("cookies and localStorage, … which one?").
    if (word !== 'which' || optionsNamedBefore(words, i)) return false
    // So are the things of a clause before it that is no setting ("default methods blur the line, so
    // which one…?"); a setting ("for a small startup, which one…?") names none.
    const clause = breaks.findLast((start) => start <= i) ?? 0
    const opening = words.findIndex((before, k) => k < clause && !carryOns.has(before))
    const namedBefore = words.slice(0, clause).some((_, k) => !namesNothingAt(words, k))
    if (clause > 0 && namedBefore && !settingOpeners.has(words[opening] ?? '')) return false
    if (words[i + 1] === 'one') return words[i + 2] !== 'of'
    if (words[i + 1] !== 'of') return false
    let end = i + 2
    while (optionCounts.has(words[end] ?? '')) end++
    return end > i + 2 && namesNothing(words[end] ?? '')
  })
}

/**
 * A pronoun that is what the asked action is done to, right after it: "how would you make it
 * thread-safe?", "can you deploy it across regions?". Only function words come before the
 * action, so the question names no subject of its own there.
 */
function actsOnPrevious(words: readonly string[], ownCount: number): boolean {
  if (ownCount > MAX_OBJECT_WORDS) return false
  const you = words.indexOf('you')
  if (you < 1 || words.slice(0, you).some((word) => !namesNothing(word))) return false
  const object = words[you + 2] ?? ''
  return (object === 'it' || object === 'them') && !anticipatingVerbs.has(words[you + 1] ?? '')
}

/** Nouns of the size or load a question is put under. */
const loadNouns: ReadonlySet<string> = new Set([
  ...['load', 'traffic', 'input', 'inputs', 'dataset', 'datasets', 'volume', 'volumes', 'concurrency'],
  ...['users', 'requests', 'records', 'rows', 'entries', 'elements', 'items', 'scale'],
])
/** Words that put what follows on the previous question: "under heavy load", "for large inputs". */
const loadMarkers: ReadonlySet<string> = new Set(['under', 'with', 'for', 'at', 'on'])

/** Own words a question put under load may add after the load: "with a million users online?". */
const MAX_WORDS_AFTER_LOAD = 1

/**
 * A size or load put on the previous question, "if" left unsaid, the load being the whole
 * question: "what happens under heavy load?", "and for very large inputs?", "with a million users
 * online?". The load's words are the variation; only words after it are the question's own. A
 * question after the load asks that question ("and at scale, does Kafka keep messages in order?"),
 * and so do alternatives named after it ("at scale, Kafka or RabbitMQ?"); "under the hood" is no
 * load.
 */
function putsUnderLoad(words: readonly string[], ownCount: number): boolean {
  if (ownCount > MAX_VARIATION_WORDS) return false
  const opening = words.findIndex((word) => !carryOns.has(word))
  const start = words[opening] === 'what' && words[opening + 1] === 'happens' ? opening + 2 : opening
  if (!loadMarkers.has(words[start] ?? '')) return false
  const load = words.slice(start + 1)
  const end = loadEnd(words, start)
  if (end < 0 || load.some((word) => questionWords.has(word) || auxiliaries.has(word))) return false
  const afterLoad = (i: number) => i > end
  const ownAfter = words.filter((word, i) => afterLoad(i) && !loadNouns.has(word) && !namesNothingAt(words, i))
  return (
    ownAfter.length <= MAX_WORDS_AFTER_LOAD && !words.some((word, i) => afterLoad(i) && namedAlternatives.has(word))
  )
}

/**
 * Where the load that starts with a marker at `start` ends, on its noun, or -1: "under heavy
 * load", "at scale, with a million users" (one load after another).
 */
function loadEnd(words: readonly string[], start: number): number {
  let end = -1
  for (let marker = start; loadMarkers.has(words[marker] ?? '');) {
    const noun = words.findIndex((word, i) => i > marker && loadNouns.has(word))
    if (noun < 0) break
    end = noun
    marker = words[noun + 1] === 'and' ? noun + 2 : noun + 1
  }
  return end
}

/** Verbs that make the candidate someone in a scene: "imagine you are the only developer", "agar aapko … bana diya". */
const sceneVerbs: ReadonlySet<string> = new Set(['are', 'were', 'become', 'became', 'join', 'joined'])

/** How far into the condition the people of a scene are looked for: "suppose one day your manager…". */
const SCENE_SUBJECT_WORDS = 3

/**
 * Whether a condition sets a scene the candidate is in rather than varying the previous problem:
 * the candidate is who it supposes something of, as someone ("imagine you are leading a team",
 * "suppose you join us and…"), or the people of their work are ("imagine your manager disagrees…",
 * "suppose a teammate is not contributing?"); in Hindi the condition speaks to the candidate in any
 * case or names those people anywhere ("agar manager tumse naraz ho…", "maan lo client naraz hai…").
 * "Suppose you can only use constant space?" and "suppose your array has duplicates?" put a limit
 * on the previous problem: not a scene.
 */
function setsAScene(words: readonly string[], start: number, opening: ConditionOpening): boolean {
  const subjectAt = start + opening.length
  const isPerson = (word: string) => storyParticipants.has(word) && word !== 'they'
  if (opening.hindi) {
    const close = hindiConditionClose(words, start)
    const condition = words.slice(subjectAt, close < 0 ? words.length : close)
    return condition.some((word) => addressesTheCandidateWord(word) || isPerson(word))
  }
  const subject = words[subjectAt] ?? ''
  if (subject === 'you') return sceneVerbs.has(words[subjectAt + 1] ?? '')
  return words.slice(subjectAt, subjectAt + SCENE_SUBJECT_WORDS).some(isPerson)
}

/**
 * A condition put on the previous question, the condition being the whole question: "what if the
 * input is sorted?", "ok, and if we have many servers?", "suppose the list is very long?", "agar
 * data sorted ho toh?". A condition followed by a question of its own asks that question ("and if
 * a container crashes, what does Kubernetes do?", "agar pod crash ho toh Kubernetes kya karega?");
 * a Hindi condition closed by "toh" may be followed by a question that names nothing ("agar
 * characters unicode ho toh kya karoge?"), as "what happens" comes before an English one.
 */
function variesPrevious(words: readonly string[], own: readonly number[]): boolean {
  const start = words.findIndex((word) => !carryOns.has(word))
  const opening = conditionOpeningAt(words, start)
  if (opening === null) return false
  // The opening's own words ("suppose", "maan") are not the condition's.
  const after = start + opening.length
  if (own.filter((i) => i >= after).length > MAX_VARIATION_WORDS || introducesKnownSubject(words, own, after))
    return false
  if (setsAScene(words, start, opening)) return false
  if (!opening.hindi) return !words.slice(after).some((word) => questionWords.has(word))
  const close = hindiConditionClose(words, start)
  if (close < 0) return true
  // The question put on it speaks to the candidate, as "…, what will you do?" does: a scene of its
  // own ("agar server down ho jaye toh aap kya karoge?"). Without the pronoun it carries the
  // previous problem on ("agar data sorted ho toh kya karoge?").
  return own.every((i) => i < close) && !words.slice(close + 1).some(addressesTheCandidateWord)
}

/** Prepositions whose object, last in the question, is what "it" or "that" stands for: "what was your role in it?". */
const pointedObjectPrepositions: ReadonlySet<string> = new Set([
  'in',
  'of',
  'about',
  'on',
  'with',
  'for',
  'from',
  'behind',
])
const endsOnPointedObject = (words: readonly string[]) =>
  pointedObjectPrepositions.has(words.at(-2) ?? '') &&
  (pointingPronouns.has(words.at(-1) ?? '') || demonstratives.has(words.at(-1) ?? ''))

/**
 * A short question whose pronoun or last word stands for the previous subject, wherever it comes:
 * "how will you monitor it?", "now do it without extra space", "how is ordering guaranteed there?",
 * "is there any flexibility on that?" (a demonstrative with nothing after it is a pronoun).
 * A question that opens by naming what it asks about has its own subject ("what is Docker and why
 * do we use it?") unless it ends on "in it", "about that" and the like ("what was your role in
 * it?"), and a demonstrative before a word of its own is a determiner ("this hook").
 */
function pointsAtPrevious(
  words: readonly string[],
  ownCount: number,
  /** Whether a pronoun of the question is left open: one the question names a thing for is its own. */
  pronounOpen: boolean,
): boolean {
  if (ownCount > MAX_POINTED_WORDS) return false
  const start = words.findIndex((word) => !carryOns.has(word))
  const last = words.at(-1) ?? ''
  if (definingOpenings.test(words.slice(start, start + 2).join(' ')) && !endsOnPointedObject(words)) return false
  return (
    pointingEnds.has(last) ||
    offersInstead(words, start) ||
    choosesAmongPrevious(words) ||
    words.some(
      (word, i) =>
        (pointingPronouns.has(word) && (pronounOpen || words.some((other) => besideWords.has(other)))) ||
        (demonstratives.has(word) && (i === words.length - 1 || namesNothing(words[i + 1] ?? ''))),
    )
  )
}

/** Words that set something beside what was asked before: "does it do the same?", "is it also…?". */
const besideWords: ReadonlySet<string> = new Set(['same', 'also', 'too', 'either', 'similarly', 'likewise'])

/**
 * Of a follow-up (one that needsPreviousQuestion), whether it names a subject of its own first and
 * sets it beside the previous one: "and UDP, does it do the same?", "and a thread, does it also
 * have its own memory?". Its pronoun is the subject it named; what it is compared with is the
 * previous question's.
 */
export function setsBesidePrevious(question: string): boolean {
  const words = wordsAsRead(question)
  const firstOwn = words.findIndex((_, i) => !namesNothingAt(words, i))
  const firstPronoun = words.findIndex((word) => pointingPronouns.has(word) || demonstratives.has(word))
  return firstOwn >= 0 && firstPronoun > firstOwn && words.some((word) => besideWords.has(word))
}

/**
 * Of a follow-up, whether it compares a subject of its own with the previous one, that side left
 * unsaid: "versus a B-tree?", "compared with a tree map?".
 */
export function comparesWithPrevious(question: string): boolean {
  const words = wordsAsRead(question)
  return comparesWithUnsaid(words, clauseStarts(question, words.length))
}

/** Verbs that open a request for the candidate to speak: "Tell me about…", "Describe…", "Walk me through…". */
const requestVerbs: ReadonlySet<string> = new Set([
  ...['tell', 'describe', 'explain', 'give', 'walk', 'share', 'talk', 'narrate', 'list', 'name'],
  ...['batao', 'bataiye', 'batayiye', 'samjhao', 'samjhaiye'],
])

/**
 * Whether the sentences before the last are part of what is asked: a question of their own ("Is a
 * Docker image a container? If not, how are the two related?") or a request ("Tell me about some
 * feedback that was hard to hear. How did you react?"). A statement ("That makes sense.", "I worked
 * on payments at my last company.", "Okay, that was a good explanation of the event loop.") is said
 * before the question and is no part of it.
 */
function asksBefore(sentences: readonly string[]): boolean {
  return sentences.some((sentence) => {
    if (sentence.trim().endsWith('?')) return true
    const opening =
      withoutLeadIn(sentence)
        .split(/[^A-Za-z]+/)
        .find(Boolean)
        ?.toLowerCase() ?? ''
    return requestVerbs.has(opening)
  })
}

/**
 * The question itself when it comes after a statement ("That makes sense. How does a CDN work?",
 * "OK, next one. What is sharding?"): the last sentence, when it is a question that names its
 * subject. Otherwise the whole text, whose earlier sentences may be what it is about. Either way
 * without the words said before the question ("Theek hai, ab …", "Okay, and …") and without an
 * instruction after it on how to put the answer ("…, explain with a real life example").
 */
export function askedPart(text: string): string {
  const sentences = splitSentences(text)
  const last = sentences.at(-1)
  if (
    sentences.length < 2 ||
    last === undefined ||
    !last.endsWith('?') ||
    needsPreviousQuestion(last) ||
    asksBefore(sentences.slice(0, -1))
  )
    return withoutPresentation(withoutLeadIn(text))
  return withoutPresentation(withoutLeadIn(last))
}
