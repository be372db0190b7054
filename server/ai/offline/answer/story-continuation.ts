/**
 * A question that carries on the story just asked for: after "Tell me about a time you missed a
 * deadline", "How did your manager react?", "Was the relationship fine afterwards?" and "What
 * happened next?" ask about that story, though each has a word of its own and no pronoun. It is
 * short, in the past tense (the story's time), and about one of the story's people or what came of
 * it, and its own words name no subject the knowledge base knows. "What would your manager say you
 * need to get better at?" is not in the past and asks something new; "How did you learn Kafka?"
 * names its subject.
 */
import { asksForStory } from './grounded-answer.ts'
import { namesKnownSubject } from './known-subjects.ts'

/** A request for a story of the candidate's: "tell me about a time…", "have you ever…". */
const asksForAStory = (question: string) => asksForStory(question) || /\bhave you ever\b/i.test(question)

/** Verbs of the past that a question about the story is asked with. */
const pastAuxiliaries: ReadonlySet<string> = new Set(['did', 'was', 'were', 'had', 'happened'])

/** The story's people and what came of it. */
export const storyParticipants: ReadonlySet<string> = new Set([
  ...['manager', 'lead', 'boss', 'team', 'teammate', 'teammates', 'client', 'customer', 'customers'],
  ...['stakeholder', 'stakeholders', 'colleague', 'colleagues', 'he', 'she', 'they'],
])
const storyOutcomes: ReadonlySet<string> = new Set([
  ...['relationship', 'outcome', 'result', 'results', 'afterwards', 'afterward', 'later', 'eventually', 'next'],
  'happened',
])

/** As long as a question about the story goes: "Was the relationship with him fine afterwards?". */
const MAX_WORDS = 8

/**
 * Whether the question (its words as read, and those of them that name something) carries on the
 * story the previous question asked for.
 */
export function continuesTheStory(words: readonly string[], ownWords: readonly string[], previous: string): boolean {
  if (!asksForAStory(previous) || words.length > MAX_WORDS) return false
  if (!words.some((word) => pastAuxiliaries.has(word))) return false
  if (!words.some((word) => storyParticipants.has(word) || storyOutcomes.has(word))) return false
  return !namesKnownSubject(ownWords.join(' '))
}
