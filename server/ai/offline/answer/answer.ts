import type { z } from 'zod'
import type { suggestionsSchema } from '#server/ai/ai-schemas.ts'
import { guessCategory } from './analyze-question.ts'
import { matchedAnswerShape } from './answer-format.ts'
import { joinBlocks, renderAnswer, spokenWords, withinSpokenLimit, type AnswerShape } from './answer-shape.ts'
import { classifyQuestion, type QuestionType } from './classify.ts'
import { experienceTieIn } from './experience.ts'
import { fallbackAnswerShape, suggestedMatches } from './fallback.ts'
import { fromCostedSubject } from './complexity-of-subject.ts'
import {
  askedPart,
  asksTheCandidateAlone,
  comparesWithPrevious,
  namesNoSubject,
  needsPreviousQuestion,
  setsBesidePrevious,
} from './follow-up.ts'
import { leavesObjectOpen } from './open-object-pronoun.ts'
import { asksForStory, groundedAnswer } from './grounded-answer.ts'
import { asksAboutTerms, carriedOnTermEntry, personalQuestionEntry } from './personal-question.ts'
import { plansFramework, pointsBackFramework, termsFramework } from './question-frameworks.ts'
import { questionInputSchema, type QuestionInput } from './question-input.ts'
import { readResume } from './resume-facts.ts'
import { resumeStory } from './resume-story.ts'
import { keyTopics } from '#server/ai/offline/search/key-topics.ts'
import type { Category, KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import {
  findAnswers,
  type AnswerMatch,
  type KnowledgeSearch,
  type RetrievalResult,
} from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { aboutTheTermsProbability } from '#server/ai/offline/search/question-register.ts'
import { addressesTheCandidate } from '#server/ai/offline/search/text/candidate-address.ts'
import { OFFLINE_MODEL, OFFLINE_PROVIDER } from '#server/ai/offline/offline-provider.ts'

export type OfflineAnswer = {
  /** Markdown; never empty: the gist line, the points to say, then any detail under "More detail". */
  answer: string
  /** The one line to say first. */
  gist: string
  /** Words of the spoken part (gist and points), which the answer's shape keeps to about 80. */
  spokenWords: number
  matches: { id: string; question: string; score: number }[]
  category: Category | 'general'
  confidence: number
  /** Where the text comes from: a knowledge-base entry, or the structured approach when none fits. */
  source: 'knowledge-base' | 'framework'
  /** With the structured approach only: knowledge-base questions near this one, best first, which the candidate may ask instead. */
  suggestions: z.infer<typeof suggestionsSchema>
  provider: typeof OFFLINE_PROVIDER
  model: typeof OFFLINE_MODEL
}

const MATCHES_RETURNED = 3
const PERSONAL_CONFIDENCE = 0.9

/** An entry answered with advice and a phrasing to say (the knowledge base tags these "hr"). */
const isHrEntry = (entry: KbEntry | null) => entry?.tags.includes('hr') === true

/** Worded as a behavioural question and addressed to the candidate ("how do you handle stress?"). */
const asksAboutCandidate = (question: string) =>
  classifyQuestion(question) === 'behavioural' && addressesTheCandidate(question)

/** How surely the register's HR side must read a question about the candidate for the plans form. */
const ABOUT_THE_PLANS = 0.9

/**
 * A question about the candidate that the register reads as about their motives and the job's terms
 * (the HR entries' side) rather than a story of theirs.
 */
const asksAboutPlans = (question: string, type: QuestionType) =>
  type === 'behavioural' && !asksForStory(question) && aboutTheTermsProbability(question) >= ABOUT_THE_PLANS

/**
 * Retrieval for one question as asked: a question about the candidate's own conduct without the
 * résumé's topics (with it, "how do you handle stress?" drifted to stress testing), and a request
 * for a story only from behavioural entries, never a technical neighbour.
 */
function retrieveAsked(asked: string, context: QuestionInput['context'], search: KnowledgeSearch) {
  const searchFor = (query: string) =>
    search(query, asksAboutCandidate(asked) ? undefined : context, {
      limit: 5,
      ...(asksForStory(asked) ? { categories: ['behavioural'] } : {}),
    })
  return fromCostedSubject(asked, searchFor(asked), searchFor)
}

/**
 * The search the engine makes for a question asked alone, as `answerQuestion` makes it: the asked
 * part (no lead-in, no instruction on how to put the answer), without the résumé for a question
 * about the candidate, among stories for a request for one. The confidence is fitted on what this
 * returns, so it is fitted on the evidence it will judge.
 */
export const searchAsAsked = (question: string, context?: QuestionInput['context']): RetrievalResult =>
  retrieveAsked(askedPart(question), context, findAnswers)

/** No entry answers a question whose subject was never heard; its matches stay as related topics. */
const pointsAtNothing = (own: RetrievalResult): RetrievalResult => ({
  ...own,
  status: 'no-confident-match',
  best: null,
  confidence: 0,
  reason: 'low-confidence',
})

/**
 * A question whose own words find nothing sure and whose object pronoun nothing in it names ("how
 * do you find out which queries caused it?") asks about the previous question's subject, when the
 * previous question was answered from an entry and the two read together still lead to it. A
 * question its own words answer keeps its own answer, whatever pronoun it has.
 */
function carriedBack(
  question: string,
  previous: string,
  context: QuestionInput['context'],
  search: KnowledgeSearch,
): { retrieval: RetrievalResult; followUpOf: string; pointsBack: false } | null {
  const earlier = retrieveAsked(askedPart(previous), context, search)
  const entry = earlier.best?.entry.id
  if (entry === undefined) return null
  const together = search(`${previous} ${question}`, context, { limit: 5 })
  return together.matches[0]?.entry.id === entry
    ? { retrieval: earlier, followUpOf: previous, pointsBack: false }
    : null
}

/** Retrieval for a question, read in the light of the session's previous question when it is a follow-up. */
function resolveFollowUp(
  question: string,
  context: QuestionInput['context'],
  history: QuestionInput['history'],
  search: KnowledgeSearch,
) {
  const own = retrieveAsked(askedPart(question), context, search)
  const previous = history?.at(-1)
  if (!needsPreviousQuestion(question, previous?.question)) {
    const carried =
      previous !== undefined && own.best === null && leavesObjectOpen(question)
        ? carriedBack(question, previous.question, context, search)
        : null
    return carried ?? { retrieval: own, followUpOf: null, pointsBack: false }
  }
  // Nothing was heard before it and it names nothing of its own: whatever its words happen to match
  // ("which one is better?" meets a spinlock's comparison) is not what it points at. One that names
  // something ("my React app is slow, how will you optimise it?") is searched for by that, and so
  // is one about the candidate themselves that an entry surely answers ("apne baare mein batao").
  // Only a behavioural entry answers the candidate about themselves: "which one do you think is
  // better?" says "you" too, and its words meet a spinlock's comparison.
  const aboutThemselves = own.best?.entry.category === 'behavioural' && asksTheCandidateAlone(question)
  if (previous === undefined)
    return namesNoSubject(question) && !aboutThemselves
      ? { retrieval: pointsAtNothing(own), followUpOf: null, pointsBack: true }
      : { retrieval: own, followUpOf: null, pointsBack: false }
  // The previous question's own entry first, found as it was when asked: its answer covers the
  // usual follow-ups (complexity, trade-offs, problems, what was learnt); a combined query drifts
  // to neighbouring entries.
  const alone = retrieveAsked(askedPart(previous.question), context, search)
  // A subject set beside the previous one is answered from an entry on both: the question's own
  // best entry, when the previous question found it too.
  const ownBest = own.best?.entry.id
  if (setsBesidePrevious(question) && alone.matches.some((match) => match.entry.id === ownBest))
    return { retrieval: own, followUpOf: previous.question, pointsBack: false }
  // A comparison with the previous subject ("versus a B-tree?") is about both: the two read together
  // find the entry that compares them, or the other side's own.
  if (comparesWithPrevious(question)) {
    const together = search(`${previous.question} ${question}`, context, { limit: 5 })
    if (together.best !== null) return { retrieval: together, followUpOf: previous.question, pointsBack: false }
  }
  const earlier = alone.best !== null ? alone : search(`${previous.question} ${question}`, context, { limit: 5 })
  // What it points back at has no entry either: its own words' matches are not about it.
  if (earlier.best === null) return { retrieval: pointsAtNothing(own), followUpOf: null, pointsBack: false }
  return { retrieval: earlier, followUpOf: previous.question, pointsBack: false }
}

/**
 * The answer's shape: the entry's (grounded in the résumé where the question is about the
 * candidate), or with no entry a story from the résumé for a behavioural question, or the
 * structured approach; with it the near misses the structured approach names, which the candidate
 * may ask instead.
 */
function composeAnswer(options: {
  entry: KbEntry | null
  question: string
  context: QuestionInput['context']
  type: QuestionType
  tieIn: string | null
  retrieval: RetrievalResult
  /** About terms of employment: no entry's neighbour and no story, the terms form. */
  aboutTerms: boolean
  /** Points back at something said before the session's first question: a question back. */
  pointsBack: boolean
}): { shape: AnswerShape; related: readonly AnswerMatch[] } {
  const { entry, question, context, type, tieIn, retrieval, aboutTerms, pointsBack } = options
  if (entry !== null)
    return { shape: groundedAnswer(entry, context, question) ?? matchedAnswerShape(entry, tieIn), related: [] }
  const topics = keyTopics(retrieval.queryTerms, null, knowledgeIndex())
  if (aboutTerms || pointsBack) {
    const framework = aboutTerms ? termsFramework : pointsBackFramework
    return { shape: fallbackAnswerShape({ type, topics, related: [], tieIn: null, framework }), related: [] }
  }
  const facts = type === 'behavioural' && asksForStory(question) ? readResume(context?.resume) : null
  // A story from the résumé leaves out the knowledge base's loosely related (technical) topics.
  const related = facts === null ? retrieval.matches : []
  const fallback = fallbackAnswerShape({
    type,
    topics,
    related,
    tieIn,
    ...(asksAboutPlans(question, type) ? { framework: plansFramework } : {}),
  })
  if (facts === null) return { shape: fallback, related }
  // No entry says what kind of story is asked for: only a résumé line that fits the question will do.
  const told = resumeStory(facts, question, { fitRequired: true })
  return { shape: { ...told, detail: joinBlocks(told.detail, fallback.detail) }, related }
}

/**
 * Answers an interview question from the knowledge base, or with a structured fallback. `search`
 * is how the knowledge base is searched: the offline engine's hands a spoken question's search,
 * made when its transcript was judged, to its answer (heard-searches.ts).
 */
export function answerQuestion(input: QuestionInput, search: KnowledgeSearch = findAnswers): OfflineAnswer {
  const { question, context, history } = questionInputSchema.parse(input)
  const { retrieval, followUpOf, pointsBack } = resolveFollowUp(question, context, history, search)
  // A follow-up is answered from the entry its previous question was: a question about the
  // candidate ("what CTC are you expecting?") by its wording, whatever retrieval found for it. A
  // term named alone after a question about the job's terms is put to the candidate by it.
  const previous = history?.at(-1)?.question
  const personal =
    personalQuestionEntry(followUpOf ?? question) ??
    (followUpOf === null && previous !== undefined ? carriedOnTermEntry(question, previous) : null)
  // Terms no entry covers ("any other offers in hand?") are not answered from a neighbouring entry.
  const aboutTerms = followUpOf === null && asksAboutTerms(question)
  const entry = personal ?? (aboutTerms ? null : (retrieval.best?.entry ?? null))
  const type = classifyQuestion(question, entry?.category)
  // Skills are only named from a confident match: an unrelated entry's tags would mislead. An HR
  // entry (pay, terms, career questions) is advice and a phrasing, so no story is suggested after it.
  const tieIn =
    ((aboutTerms || pointsBack) && entry === null) || isHrEntry(entry) ? null : experienceTieIn(entry, context, type)
  const composed = composeAnswer({ entry, question, context, type, tieIn, retrieval, aboutTerms, pointsBack })
  const shape = withinSpokenLimit(composed.shape)
  const followUpNote = followUpOf === null ? [] : [`*Following up on: ${followUpOf.trim()}*`]
  const answer = renderAnswer({ ...shape, detail: joinBlocks(followUpNote, shape.detail) })
  const matches = retrieval.matches.map((m) => ({ id: m.entry.id, question: m.entry.question, score: m.score }))
  const personalMatch = personal && {
    id: personal.id,
    question: personal.question,
    score: matches.find((m) => m.id === personal.id)?.score ?? 0,
  }
  return {
    answer,
    gist: shape.gist,
    spokenWords: spokenWords(shape),
    matches: (personalMatch ? [personalMatch, ...matches.filter((m) => m.id !== personal.id)] : matches).slice(
      0,
      MATCHES_RETURNED,
    ),
    category: personal ? personal.category : guessCategory(retrieval, type),
    // The wording names the question outright ("tell me about yourself"), whatever retrieval scored.
    confidence: personal ? Math.max(retrieval.confidence, PERSONAL_CONFIDENCE) : retrieval.confidence,
    source: entry !== null ? 'knowledge-base' : 'framework',
    suggestions: suggestedMatches(composed.related).map((m) => ({ id: m.entry.id, question: m.entry.question })),
    provider: OFFLINE_PROVIDER,
    model: OFFLINE_MODEL,
  }
}

/** Word groups of `text` whose concatenation is exactly `text` (whitespace kept with each group). */
export function chunkWords(text: string, wordsPerChunk = 4): string[] {
  const size = Math.max(1, Math.floor(wordsPerChunk))
  const leading = /^\s*/.exec(text)?.[0] ?? ''
  const words = text.slice(leading.length).match(/\S+\s*/g) ?? []
  const chunks: string[] = []
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(''))
  if (chunks.length === 0) return leading === '' ? [] : [leading]
  chunks[0] = leading + (chunks[0] ?? '')
  return chunks
}
