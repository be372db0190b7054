/**
 * Whether a question is put to the candidate about themselves (a story of theirs, their terms,
 * their plans) or asks about a technical subject. The search drops the words that tell the two
 * apart ("have you ever", "your lead", "did you", "aapne"), since they name no concept; this model
 * keeps them, with the pairs of words they form. It is a naive Bayes model over the knowledge base's
 * own lines (each entry's question, phrasings and everyday wordings), the behavioural and HR
 * entries on one side and every other entry on the other, with equal priors: no evaluation
 * question takes part.
 */
import { isHindiFunctionWord } from './asked-in-hindi.ts'
import { everydayWordingsOf } from '#server/ai/offline/knowledge/everyday-wordings.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/**
 * The first person read as the second: the knowledge base's lines are the interviewer's ("your
 * appraisal"), while a candidate asking about their own job says "my appraisal"; both are about
 * the candidate.
 */
const SECOND_PERSON: ReadonlyMap<string, string> = new Map([
  ['i', 'you'],
  ['me', 'you'],
  ['my', 'your'],
  ['mine', 'yours'],
  ['myself', 'yourself'],
  ["i'm", "you're"],
  ["i've", "you've"],
  ["i'll", "you'll"],
  ['am', 'are'],
])

/**
 * The words of a line and its pairs of neighbouring words, each once. Hindi function words are left
 * out: the knowledge base's Hinglish lines are mostly about the job's terms, so "kya" and "mein"
 * would make any Hinglish question one about the candidate.
 */
function featuresOf(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^a-z']+/)
    .filter((word) => word !== '' && !isHindiFunctionWord(word))
    .map((word) => SECOND_PERSON.get(word) ?? word)
  const features = new Set(words)
  for (let i = 0; i + 1 < words.length; i++) features.add(`${words[i]} ${words[i + 1]}`)
  return features
}

/** An entry answered from the candidate's own life and terms rather than from a subject. */
const isAboutTheCandidate = (entry: KbEntry): boolean => entry.category === 'behavioural'

/** The weight of the background in each side's smoothed probabilities, in feature counts. */
const SMOOTHING = 2000

type RegisterModel = {
  /** Per feature: the log of how much likelier it is in a line about the candidate. */
  logRatio: ReadonlyMap<string, number>
}

/** A naive Bayes model of which side of `onTheSide` a line falls on, from the entries' own lines. */
function trainRegisterModel(entries: readonly KbEntry[], onTheSide: (entry: KbEntry) => boolean): RegisterModel {
  const counts = [new Map<string, number>(), new Map<string, number>()] as const
  const totals = [0, 0]
  for (const entry of entries) {
    const side = onTheSide(entry) ? 1 : 0
    for (const line of [entry.question, ...entry.alternatives, ...everydayWordingsOf(entry.id)])
      for (const feature of featuresOf(line)) {
        counts[side].set(feature, (counts[side].get(feature) ?? 0) + 1)
        totals[side] = (totals[side] ?? 0) + 1
      }
  }
  const vocabulary = new Set([...counts[0].keys(), ...counts[1].keys()])
  const all = (totals[0] ?? 0) + (totals[1] ?? 0)
  const logRatio = new Map<string, number>()
  for (const feature of vocabulary) {
    // Smoothed towards how common the feature is over both sides (a Dirichlet prior), not by one
    // count each: with the candidate's side a sixth of the size, adding one to both made a word
    // seen once among the subject lines lean to the candidate.
    const background = ((counts[0].get(feature) ?? 0) + (counts[1].get(feature) ?? 0)) / all
    const candidate = ((counts[1].get(feature) ?? 0) + SMOOTHING * background) / ((totals[1] ?? 0) + SMOOTHING)
    const subject = ((counts[0].get(feature) ?? 0) + SMOOTHING * background) / ((totals[0] ?? 0) + SMOOTHING)
    logRatio.set(feature, Math.log(candidate / subject))
  }
  return { logRatio }
}

function probabilityOnTheSide(model: RegisterModel, question: string): number {
  let log = 0
  for (const feature of featuresOf(question)) log += model.logRatio.get(feature) ?? 0
  return 1 / (1 + Math.exp(-log))
}

let register: RegisterModel | undefined

/**
 * At or above this probability that the question is put to the candidate about themselves
 * (`aboutTheCandidateProbability`), it asks for one of their stories or terms: the side the
 * register reads it on.
 */
export const ABOUT_THE_CANDIDATE = 0.5

/** The probability that the question is put to the candidate about themselves (0..1). */
export function aboutTheCandidateProbability(question: string): number {
  register ??= trainRegisterModel(knowledgeBase, isAboutTheCandidate)
  return probabilityOnTheSide(register, question)
}

/** An entry on the job's terms and the candidate's plans (pay, notice, location, policies): advice and a phrasing, not a story. */
const isAboutTheTerms = (entry: KbEntry): boolean => entry.tags.includes('hr')

let terms: RegisterModel | undefined

/**
 * Of questions about the candidate, the probability that one is about the job's terms rather than
 * asking for a story of theirs: the same model, learnt from the behavioural and HR entries alone.
 */
export function aboutTheTermsProbability(question: string): number {
  terms ??= trainRegisterModel(knowledgeBase.filter(isAboutTheCandidate), isAboutTheTerms)
  return probabilityOnTheSide(terms, question)
}

/** How well an entry's side agrees with the question's register: the probability of its side. */
export const registerAgreementOf = (entry: KbEntry, aboutTheCandidate: number): number =>
  isAboutTheCandidate(entry) ? aboutTheCandidate : 1 - aboutTheCandidate
