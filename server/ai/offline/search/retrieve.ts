import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { extractContextSignals, type ContextSignals } from './context-signals.ts'
import { everydayWordingsOf } from '#server/ai/offline/knowledge/everyday-wordings.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { Category, KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { knowledgeIndex, type QueryTerm, type SearchHit, type SearchIndex } from './search-index.ts'
import { analyze } from './text/analyze.ts'
import {
  compoundAskedOf,
  definedConceptsOf,
  namedApartOf,
  namedInPartOf,
  occursInOrder,
  wordTermsOf,
} from './defined-names.ts'
import { confidenceModel, probabilityOf, type ConfidenceEvidence } from './confidence-model.ts'
import { mayAnswer } from './put-to-the-candidate.ts'
import { ABOUT_THE_CANDIDATE, aboutTheCandidateProbability, registerAgreementOf } from './question-register.ts'

/** Context can lift a candidate's score by at most 1 + CATEGORY_BOOST + MAX_TAG_BOOST. */
const CATEGORY_BOOST = 0.3
const TAG_BOOST_PER_TERM = 0.05
const MAX_TAG_BOOST = 0.2
/** Only the best text matches are re-ranked; context never pulls in an unrelated entry. */
const RERANK_POOL = 30
/** A misspelt word corrected to a known one is evidence, but weaker evidence. */
const CORRECTED_COVERAGE_FACTOR = 0.75

export type AnswerMatch = {
  entry: KbEntry
  /**
   * Final score: text score × (1 + context boost) × the key-term factor × the line-match factor ×
   * the factor for defining what is asked.
   */
  score: number
  textScore: number
  contextBoost: number
  /** 0..1: the probability that this entry answers the question (see `confidence-model.ts`). */
  confidence: number
  /** What the confidence was computed from. */
  evidence: ConfidenceEvidence
}

export type RetrievalResult = {
  status: 'match' | 'no-confident-match'
  /** The top match when confident, else null. */
  best: AnswerMatch | null
  /** Ranked candidates, also returned when not confident (they may still be related). */
  matches: AnswerMatch[]
  confidence: number
  reason?: 'empty-question' | 'no-matching-terms' | 'low-confidence'
  queryTerms: QueryTerm[]
}

/** Candidates returned when the caller names no limit. */
export const DEFAULT_MATCH_LIMIT = 5

export type FindAnswersOptions = {
  limit?: number
  index?: SearchIndex
  /** Only entries of these categories can answer (a request for a story is answered by a behavioural entry). */
  categories?: readonly Category[]
}

/** A search of the knowledge base: `findAnswers`, or what stands for it (heard-searches.ts). */
export type KnowledgeSearch = (
  question: string,
  context?: InterviewContext,
  options?: FindAnswersOptions,
) => RetrievalResult

function contextBoostFor(entry: KbEntry, signals: ContextSignals, index: SearchIndex): number {
  if (signals.isEmpty) return 0
  const affinity = signals.categoryAffinity.get(entry.category) ?? 0
  const overlap = index.termsOf(entry.id, 'tags').filter((term) => signals.termCounts.has(term)).length
  return CATEGORY_BOOST * affinity + Math.min(MAX_TAG_BOOST, TAG_BOOST_PER_TERM * overlap)
}

/** A query term at least this share of the query's highest idf names what is asked (a key term). */
const KEY_TERM_IDF_SHARE = 0.6

/**
 * How rare, against the question's rarest naming word, a word must be to be a key term. A question
 * put to the candidate tells its situation in several ordinary words, none of which names it alone
 * ("always late with his tasks while others cover for him"), and the rarest of them is as often a
 * word some other entry uses in passing ("hunted", "weekend", "somewhere") as the situation's: every
 * word of it that names something is a key term, so the stories are told apart by how much of the
 * situation each names. Measured on the development parts: 0.3 and 0 ranked the same behavioural
 * questions first, and 0 is kept as the simpler.
 */
const keyTermIdfShareFor = (aboutTheCandidate: number): number =>
  aboutTheCandidate >= ABOUT_THE_CANDIDATE ? 0 : KEY_TERM_IDF_SHARE
/**
 * How much a candidate that carries none of the question's key terms keeps of its text score:
 * it is a neighbour sharing words, not an answer.
 */
const NEIGHBOUR_SCORE_SHARE = 0.3

/**
 * How much the closeness of an entry's own question to the question asked lifts its rank: the
 * entry whose question is what was asked goes before a neighbour whose phrasings or everyday
 * wordings repeat the same words ("what is a hash map?" and the hash-map-or-tree-map entry).
 * Chosen on the development part and on the entries' own questions, which it all ranks first.
 */
const OWN_QUESTION_RANK_WEIGHT = 0.3

/**
 * How much an entry that defines what the question asks about lifts its rank, times the share of
 * the question that concept is (`definedShareOf`): among close neighbours, "what is a BST?" is the
 * BST's own entry, not "heap or BST", and "what does a load balancer do for a web application?"
 * the load balancer's, not scaling's. A question that compares two concepts is as much the one as
 * the other, so it lifts the entry that defines the comparison ("heap vs BST") above either.
 * Chosen on the development parts: at a threshold share of 0.5, lifts from 0.75 to 1.5 ranked the
 * same questions first (0.5 and 2 one fewer), 0.75 and 1 gave the same leave-one-out, and the
 * smaller is kept.
 */
const DEFINES_RANK_WEIGHT = 0.75
/**
 * Below this share of the question the concept is one thing it mentions, not what it asks about:
 * "heap" is about a quarter of "what is the time complexity of inserting into a heap?" and "props"
 * about a third of "why is the key prop needed when rendering a list?".
 */
const DEFINES_MIN_SHARE = 0.5

/**
 * A word no entry names but at least this many use in their text is an ordinary word used in
 * passing ("costly", "exactly"); one a single entry uses is as likely the name of a concept no
 * entry covers, mentioned once ("goroutines" in a story), and stays a key term.
 */
const PASSING_WORD_ENTRIES = 2

const namesSomething = (term: string, index: SearchIndex): boolean =>
  index.has(term) && (index.namesAConcept(term) || index.documentFrequency(term) < PASSING_WORD_ENTRIES)
const isNaming = (term: QueryTerm, index: SearchIndex): boolean => namesSomething(term.term, index)

/** The terms of an entry's question, phrasings, tags and everyday wordings: what it names. */
const namingTermsOf = (id: string, index: SearchIndex): ReadonlySet<string> =>
  new Set([...index.termsOf(id, 'title'), ...index.termsOf(id, 'tags'), ...index.termsOf(id, 'wordings')])

/**
 * The terms of what the question asks, without the field it names at its end as where the concept
 * lives ("data structures" in "what is a queue in data structures"). The field still finds and
 * ranks entries by their text, but an entry that does not name it explains what is asked no
 * less, and the field is no key term: as the rarer word, "data structure" cut the queue's own
 * entry as a neighbour. When nothing else in the question names a concept ("what about in
 * Java?"), the field is what is asked.
 */
function askedTermsOf(queryTerms: readonly QueryTerm[], index: SearchIndex): readonly QueryTerm[] {
  const asked = queryTerms.filter((term) => term.namesTheField !== true)
  return asked.some((term) => isNaming(term, index)) ? asked : queryTerms
}

/**
 * The terms an entry is judged on: what is asked, and the field where the entry names it too. An
 * entry on the field's own concept ("hoisting" in JavaScript) keeps the evidence the field gives
 * it; one that does not name the field explains what is asked no less.
 */
function termsFor(hit: SearchHit, queryTerms: readonly QueryTerm[], askedTerms: readonly QueryTerm[]): QueryTerm[] {
  const named = new Set(hit.titleTerms)
  return queryTerms.filter((term) => askedTerms.includes(term) || named.has(term.term))
}

/**
 * The question's key terms: its rarest words that some entry names in its question, phrasings or
 * tags, which name the concept or algorithm asked about. A word no entry uses ("dying",
 * "Bangalore") tells no entry from another, and a word entries only use in passing in their text
 * ("exactly", "costly") is rare without naming anything; neither pushes the words that do name the
 * concept out of the key terms. How much of the question is unknown is evidence of its own
 * (`unknownShare`). When no word of the question names a concept, its rarest known words stand in.
 * `idfShare` is how rare, against the rarest, a word must be to count (`keyTermIdfShareFor`).
 */
function keyTermsOf(queryTerms: readonly QueryTerm[], index: SearchIndex, idfShare: number): Set<string> {
  const known = queryTerms.filter((term) => index.has(term.term))
  const naming = known.filter((term) => isNaming(term, index))
  const candidates = naming.length > 0 ? naming : known
  const highestIdf = Math.max(0, ...candidates.map((term) => index.idf(term.term)))
  return new Set(candidates.filter((term) => index.idf(term.term) >= idfShare * highestIdf).map((term) => term.term))
}

type Evidence = { coverage: number; titleCoverage: number; keyCoverage: number }

/**
 * How much of the question an entry explains, idf-weighted: the share of its terms found anywhere
 * in the entry, the share found in its question, phrasings or tags, and the share of the
 * question's key terms (its rarest words, which name the concept or algorithm asked about) that
 * the entry names: half in its question or phrasings, half in those, its tags or its everyday
 * wordings (a concept described in ordinary words is named, but less surely). A key term in
 * `notNamed` (a word of the entry's name said apart, or of a compound the entry names only in
 * part) is not named by the entry wherever it carries it.
 */
function evidenceOf(
  hit: SearchHit,
  queryTerms: readonly QueryTerm[],
  keyTerms: ReadonlySet<string>,
  index: SearchIndex,
  notNamed: ReadonlySet<string>,
): Evidence {
  const described = describedTermsOf(hit.id, queryTerms)
  let total = 0
  let covered = 0
  let titleCovered = 0
  let keyTotal = 0
  let keyNamed = 0
  let keyTagged = 0
  const matched = new Set(hit.matchedTerms)
  const inTitle = new Set(hit.titleTerms)
  const inQuestion = new Set(index.termsOf(hit.id, 'title'))
  for (const term of queryTerms) {
    const idf = index.idf(term.term)
    const weight = term.weight * idf
    total += weight
    const evidence = term.correctedFrom === undefined ? weight : weight * CORRECTED_COVERAGE_FACTOR
    if (matched.has(term.term)) covered += evidence
    if (inTitle.has(term.term)) titleCovered += evidence
    if (keyTerms.has(term.term)) {
      keyTotal += weight
      if (notNamed.has(term.term)) continue
      if (inQuestion.has(term.term)) keyNamed += evidence
      if (inTitle.has(term.term) || described.has(term.term)) keyTagged += evidence
    }
  }
  if (total === 0) return { coverage: 0, titleCoverage: 0, keyCoverage: 0 }
  return {
    coverage: covered / total,
    titleCoverage: titleCovered / total,
    keyCoverage: keyTotal === 0 ? 0 : (keyNamed + keyTagged) / 2 / keyTotal,
  }
}

const wordingTermsCache = new Map<string, readonly (readonly string[])[]>()

/**
 * The question's terms that one of the entry's everyday wordings shares with at least one other
 * term of the question: a description the question follows. A single shared word ("kernel",
 * "fails") is as likely a word the description happens to use.
 */
function describedTermsOf(id: string, queryTerms: readonly QueryTerm[]): Set<string> {
  let lines = wordingTermsCache.get(id)
  if (lines === undefined) {
    lines = everydayWordingsOf(id).map((line) => [...new Set(analyze(line))])
    wordingTermsCache.set(id, lines)
  }
  const described = new Set<string>()
  for (const line of lines) {
    const shared = queryTerms.filter((term) => line.includes(term.term))
    if (shared.length >= 2) for (const term of shared) described.add(term.term)
  }
  return described
}

const lineTermsCache = new Map<string, readonly (readonly string[])[]>()

/** The terms of each line of an entry's question, alternatives and everyday wordings. */
function lineTermsOf(entry: KbEntry): readonly (readonly string[])[] {
  const cached = lineTermsCache.get(entry.id)
  if (cached !== undefined) return cached
  const lines = [entry.question, ...entry.alternatives, ...everydayWordingsOf(entry.id)].map((line) => [
    ...new Set(analyze(line)),
  ])
  lineTermsCache.set(entry.id, lines)
  return lines
}

/** The idf-weighted Jaccard overlap between the question's terms and one line's. */
function overlapOf(asked: ReadonlySet<string>, line: readonly string[], index: SearchIndex): number {
  let shared = 0
  let either = 0
  for (const term of new Set([...asked, ...line])) {
    const idf = index.idf(term)
    either += idf
    if (asked.has(term) && line.includes(term)) shared += idf
  }
  return either === 0 ? 0 : shared / either
}

/**
 * How closely the question is one of the entry's lines: the best overlap with its question, a
 * phrasing or an everyday wording (`lineMatch`), and the overlap with its own question alone
 * (`ownQuestionMatch`).
 */
function lineMatchOf(
  entry: KbEntry,
  queryTerms: readonly QueryTerm[],
  index: SearchIndex,
): { lineMatch: number; ownQuestionMatch: number } {
  const asked = new Set(queryTerms.map((term) => term.term))
  const lines = lineTermsOf(entry)
  return {
    lineMatch: Math.max(0, ...lines.map((line) => overlapOf(asked, line, index))),
    ownQuestionMatch: overlapOf(asked, lines[0] ?? [], index),
  }
}

/**
 * The idf-weighted share of the question taken by the concepts the entry defines that the question
 * names in full, each word of a name next to the next and in order: 1 for "what is a BST?" and the
 * BST's entry, and for "heap vs BST" and the entry that defines that comparison, about half for
 * "heap vs BST" and either concept's own entry, 0 for an entry that defines nothing the question
 * names. The words of a name that are not together are not the name: "why is the key prop needed
 * when rendering a list?" has the words of "render props", not render props. `queryTerms` are what
 * is asked: a field named at the end ("… in JavaScript") is no part of it.
 */
function definedShareOf(
  entry: KbEntry,
  queryTerms: readonly QueryTerm[],
  askedInOrder: readonly string[],
  index: SearchIndex,
): number {
  const asked = new Set(queryTerms.map((term) => term.term))
  const named = new Set(
    definedConceptsOf(entry)
      .filter(
        ({ terms, sides }) =>
          terms.every((term) => asked.has(term)) && sides.every((side) => occursInOrder(side, askedInOrder)),
      )
      .flatMap(({ terms }) => terms),
  )
  if (named.size === 0) return 0
  let total = 0
  let defined = 0
  for (const term of queryTerms) {
    const weight = term.weight * index.idf(term.term)
    total += weight
    if (named.has(term.term)) defined += weight
  }
  return total === 0 ? 0 : defined / total
}

/** idf-weighted share of the question's terms the knowledge base has never seen (a topic it lacks). */
function unknownShareOf(queryTerms: readonly QueryTerm[], index: SearchIndex): number {
  let total = 0
  let unknown = 0
  for (const term of queryTerms) {
    const weight = term.weight * index.idf(term.term)
    total += weight
    if (!index.has(term.term)) unknown += weight
  }
  return total === 0 ? 0 : unknown / total
}

/**
 * Whether an entry names at least one of the question's key terms, in its question, phrasings or
 * tags or in an everyday wording the question follows. One that names none shares words without
 * being about what is asked ("how does the Linux kernel schedule processes?" and the container
 * entry that mentions the host kernel): it is never an answer, whatever its confidence.
 */
export const namesAKeyTerm = (evidence: ConfidenceEvidence): boolean => evidence.keyCoverage > 0

/**
 * Below this idf (a word about one entry in twenty or more uses), one word alone names no story.
 */
const LONE_STORY_WORD_MIN_IDF = 3

/**
 * Whether one word alone is what the entry's own question is about. A story or exercise defines
 * no concept, and a word that many entries use is one of the things its question speaks of, not
 * what it asks: "manager" alone ("Manager kaun hoga?", who will the manager be) is not "a time you
 * disagreed with your manager", while "weakness" alone is "your greatest weakness".
 */
function loneTermNames(entry: KbEntry, loneTerm: QueryTerm, index: SearchIndex): boolean {
  if (!(lineTermsOf(entry)[0] ?? []).includes(loneTerm.term)) return false
  // A phrase ("hamare baare", about us) says more than any one word, however common its concept.
  const isPhrase = loneTerm.surface.includes(' ')
  return entry.defines !== undefined || isPhrase || index.idf(loneTerm.term) >= LONE_STORY_WORD_MIN_IDF
}

/**
 * Whether `rival` names, in its question, phrasings or tags, every key term of the question that
 * `top` names there, and more.
 */
function namesMoreKeyTerms(rival: SearchHit, top: SearchHit, keyTerms: ReadonlySet<string>): boolean {
  const rivalNames = new Set(rival.titleTerms.filter((term) => keyTerms.has(term)))
  const topNames = top.titleTerms.filter((term) => keyTerms.has(term))
  return topNames.every((term) => rivalNames.has(term)) && rivalNames.size > topNames.length
}

/**
 * The runner-up goes first when it matches the question's text at least as strongly as the top and
 * names every key term the top names and more: the top is the general entry lifted by saying part
 * of what is asked, the runner-up the specific one that names the rest ("autoscaling", not
 * "Kubernetes", for "how does Kubernetes scale pods automatically?"). A top that defines what is
 * asked stays first: the neighbour names a side of it besides ("is a hash map lookup O(1)?" and the
 * complexity table, which names lookups), not a more specific subject. Measured on the development
 * parts: with the definer kept first, leave-one-out 23 -> 22 confidently wrong at the same 522
 * answered right; without that exception 23 -> 21 but 522 -> 521, the rate limiter and the hash
 * map's own questions going to their neighbours.
 */
function putsTheMoreSpecificFirst(
  ranked: { hit: SearchHit; score: number; definesTheAsked: boolean }[],
  keyTerms: ReadonlySet<string>,
): void {
  const [top, runnerUp] = ranked
  if (top === undefined || runnerUp === undefined || top.definesTheAsked) return
  if (runnerUp.hit.score < top.hit.score || !namesMoreKeyTerms(runnerUp.hit, top.hit, keyTerms)) return
  ranked[0] = runnerUp
  ranked[1] = top
}

export function findAnswers(
  question: string,
  context?: InterviewContext,
  options: FindAnswersOptions = {},
): RetrievalResult {
  const index = options.index ?? knowledgeIndex()
  const limit = options.limit ?? DEFAULT_MATCH_LIMIT
  // One analysis gives the terms and their order (for a defined name said in order).
  const { terms: queryTerms, inOrder } = index.analyzeQueryInOrder(question)
  if (queryTerms.length === 0) {
    return {
      status: 'no-confident-match',
      best: null,
      matches: [],
      confidence: 0,
      reason: 'empty-question',
      queryTerms,
    }
  }
  const hits = index.search(queryTerms, { limit: RERANK_POOL })
  if (hits.length === 0) {
    return {
      status: 'no-confident-match',
      best: null,
      matches: [],
      confidence: 0,
      reason: 'no-matching-terms',
      queryTerms,
    }
  }
  const signals = extractContextSignals(context)
  const askedTerms = askedTermsOf(queryTerms, index)
  const askedInOrder = wordTermsOf(inOrder)
  const fromPhrases = new Set(inOrder.filter((term) => term.surface.includes(' ')).map((term) => term.term))
  // Whether the question is put to the candidate about themselves: judged from the words the search drops.
  const aboutTheCandidate = aboutTheCandidateProbability(question)
  const keyTerms = keyTermsOf(askedTerms, index, keyTermIdfShareFor(aboutTheCandidate))
  // A question put to the candidate asks for their story or terms, not a concept a compound names.
  const askedWords = new Set(askedTerms.filter((term) => term.namesTheField !== true).map((term) => term.term))
  const compound =
    aboutTheCandidate >= ABOUT_THE_CANDIDATE
      ? []
      : compoundAskedOf(question, inOrder, askedWords, (term) => namesSomething(term, index))
  const reranked = hits
    .flatMap((hit) => {
      const entry = findEntry(hit.id)
      if (!entry || (options.categories !== undefined && !options.categories.includes(entry.category))) return []
      if (!mayAnswer(entry, question)) return []
      const contextBoost = contextBoostFor(entry, signals, index)
      const terms = termsFor(hit, queryTerms, askedTerms)
      // Words of its names the question says apart, and words of the compound asked it names
      // without the rest, name nothing of the entry (decisions 0169 and 0173).
      const namedApart = namedApartOf(entry, askedInOrder, fromPhrases)
      const inPart = compound.length === 0 ? [] : namedInPartOf(entry, compound, namingTermsOf(hit.id, index))
      const notNamed = inPart.length === 0 ? namedApart : new Set([...namedApart, ...inPart])
      const evidence = evidenceOf(hit, terms, keyTerms, index, notNamed)
      // An entry that does not carry the question's key terms is a neighbour, however many words it shares.
      const answers = NEIGHBOUR_SCORE_SHARE + (1 - NEIGHBOUR_SCORE_SHARE) * evidence.keyCoverage
      const { lineMatch, ownQuestionMatch } = lineMatchOf(entry, terms, index)
      const saysWhatIsAsked = 1 + OWN_QUESTION_RANK_WEIGHT * ownQuestionMatch
      const definedShare = definedShareOf(entry, askedTerms, askedInOrder, index)
      const definesWhatIsAsked = definedShare >= DEFINES_MIN_SHARE ? 1 + DEFINES_RANK_WEIGHT * definedShare : 1
      const score = hit.score * (1 + contextBoost) * answers * saysWhatIsAsked * definesWhatIsAsked
      const registerAgreement = registerAgreementOf(entry, aboutTheCandidate)
      return [
        {
          hit,
          entry,
          contextBoost,
          evidence,
          lineMatch,
          ownQuestionMatch,
          registerAgreement,
          score,
          definesTheAsked: definedShare >= DEFINES_MIN_SHARE,
        },
      ]
    })
    .sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id))

  // The margin below is then taken on the scores as they were, so a neighbour put first has none.
  putsTheMoreSpecificFirst(reranked, keyTerms)
  const topScore = reranked[0]?.score ?? 0
  const runnerUp = reranked[1]?.score ?? 0
  const unknownShare = unknownShareOf(askedTerms, index)
  const queryWeight = queryTerms.reduce((sum, term) => sum + term.weight * index.idf(term.term), 0)
  const matches: AnswerMatch[] = reranked.slice(0, Math.max(1, limit)).map((candidate, rank) => {
    const evidence: ConfidenceEvidence = {
      ...candidate.evidence,
      margin: rank === 0 && topScore > 0 ? Math.max(0, Math.min(1, (topScore - runnerUp) / topScore)) : 0,
      lineMatch: candidate.lineMatch,
      ownQuestionMatch: candidate.ownQuestionMatch,
      lineLead: rank === 0 ? candidate.lineMatch - (reranked[1]?.lineMatch ?? 0) : 0,
      unknownShare,
      scorePerTerm: queryWeight === 0 ? 0 : candidate.hit.score / queryWeight,
      registerAgreement: candidate.registerAgreement,
    }
    return {
      entry: candidate.entry,
      score: Math.round(candidate.score * 1000) / 1000,
      textScore: Math.round(candidate.hit.score * 1000) / 1000,
      contextBoost: Math.round(candidate.contextBoost * 1000) / 1000,
      confidence: Math.round(probabilityOf(confidenceModel, evidence) * 1000) / 1000,
      evidence,
    }
  })
  const best = matches[0] ?? null
  const confidence = best?.confidence ?? 0
  const [loneTerm, ...otherTerms] = queryTerms
  // One word alone names the question only when it is what the best entry's own question is about
  // ("heap", "trie"); a word the entry names only in a phrasing or a tag ("pop" in the min-stack's
  // "push, pop and getMin") is as likely a misheard fragment ("a pop on all").
  const saysTooLittle =
    loneTerm !== undefined && otherTerms.length === 0 && (best === null || !loneTermNames(best.entry, loneTerm, index))
  if (best === null || confidence < CONFIDENCE_THRESHOLD) {
    return { status: 'no-confident-match', best: null, matches, confidence, reason: 'low-confidence', queryTerms }
  }
  // A rule, not the model, abstains here, however sure the model is: "Drive kab hai?" has the one
  // word the senior-alignment entry names only in a phrasing ("driving a technical decision"), at
  // 0.86. Its confidence is none, or callers that read it (a transcript judged as a question the
  // engine answers, the confidence shown) would take it as answered.
  if (saysTooLittle || !namesAKeyTerm(best.evidence)) {
    return { status: 'no-confident-match', best: null, matches, confidence: 0, reason: 'low-confidence', queryTerms }
  }
  return { status: 'match', best, matches, confidence, queryTerms }
}
