/**
 * The text the interview language model is estimated from: every knowledge-base question, its
 * phrasings, answer and key points, plus the usual ways an interviewer asks about each tag and
 * follows up on an answer, so the recognizer expects "what is a hash map" rather than "what is a
 * cash grab", and "why is that" rather than "why does that". The decoder and the transcript
 * scorer both read the one estimate of it (decision 0127).
 */
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { followUpForms } from './follow-up-forms.ts'

/** A sentence with how many times it counts: questions weigh more than answer prose. */
export type CorpusSentence = { text: string; weight: number }

const QUESTION_WEIGHT = 3
const PROSE_WEIGHT = 1

const tagQuestionTemplates: readonly ((tag: string) => string)[] = [
  (tag) => `what is ${article(tag)} ${tag}`,
  (tag) => `what is ${tag}`,
  (tag) => `what are ${tag}`,
  (tag) => `how does ${article(tag)} ${tag} work`,
  (tag) => `can you explain ${tag}`,
  (tag) => `explain ${tag}`,
  (tag) => `tell me about ${tag}`,
  (tag) => `why would you use ${article(tag)} ${tag}`,
  (tag) => `when would you use ${tag}`,
]

/**
 * What else is said in an interview besides the questions: logistics, small talk and the
 * candidate's own sentences, so everyday words stay reachable for the recognizer.
 */
const conversation: readonly string[] = [
  'hi thanks for joining us today',
  'nice to meet you',
  'how are you doing today',
  'i am doing well thank you',
  'can you hear me okay',
  'yes i can hear you',
  'you are on mute',
  'sorry you broke up a little',
  'could you say that again please',
  'can you share your screen',
  'let me share my screen',
  'let us get started',
  'so the next question is',
  'my next question is about',
  'okay let us move on to the next question',
  'we have about ten minutes left',
  'take your time',
  'that is a good question',
  'let me think about that for a second',
  'could you give me an example',
  'can you walk me through your approach',
  'can you walk me through your code',
  'what would you do differently next time',
  'what is the time complexity of your solution',
  'what is the space complexity',
  'how would you test this',
  'how would you scale this',
  'what are the trade offs',
  'are there any edge cases',
  'do you have any questions for us',
  'thank you for your time',
  'we will get back to you soon',
  'let us talk about your experience',
  'tell me more about your last project',
  'why are you interested in this role',
  'i worked as a software engineer for five years',
  'i worked on the backend team',
  'in my last job i was responsible for the api',
  'i led a team of four engineers',
  'we built the service in python and go',
  'i would start by clarifying the requirements',
  'first i would ask a few questions',
  'then i would write a simple solution',
  'after that i would optimise it',
  'i think the main trade off is',
  'i am not sure but i would guess',
  'i learned a lot from that project',
  'we shipped it on time',
  'the result was a faster and more reliable system',
  'i enjoy working with people',
  'i want to grow as an engineer',
  'it depends on the use case',
  'for example if we had a million users',
  'i have used it in production',
  'i would use a queue for that',
]

export function interviewCorpus(entries: readonly KbEntry[] = knowledgeBase): CorpusSentence[] {
  const sentences: CorpusSentence[] = [...conversation, ...followUpForms].map((text) => ({
    text,
    weight: QUESTION_WEIGHT,
  }))
  for (const entry of entries) {
    for (const question of [entry.question, ...entry.alternatives])
      sentences.push({ text: question, weight: QUESTION_WEIGHT })
    for (const tag of entry.tags) {
      for (const template of tagQuestionTemplates)
        sentences.push({ text: template(tag.toLowerCase()), weight: PROSE_WEIGHT })
    }
    for (const text of [...splitProse(entry.answer), ...entry.keyPoints]) sentences.push({ text, weight: PROSE_WEIGHT })
  }
  return sentences
}

function article(phrase: string): string {
  return /^[aeiou]/.test(phrase) ? 'an' : 'a'
}

function splitProse(text: string): string[] {
  return text.split(/(?<=[.!?;:])\s+/).filter((sentence) => sentence.trim() !== '')
}
