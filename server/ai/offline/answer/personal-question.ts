import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/**
 * Questions about the candidate themselves, and the HR questions about terms, recognised by their
 * wording: retrieval alone reads "why do you want this job?" as a question about job schedulers
 * and "expected CTC" as nothing at all.
 */
const PERSONAL_QUESTIONS: readonly [RegExp, string][] = [
  [
    /\b(tell (me|us) (a little |a bit )?about (yourself|your good self)|introduce yourself|walk (me|us) through your (background|resume|résumé|cv))\b/i,
    'beh-tell-me-about-yourself',
  ],
  [
    /\bwhy\b.{0,40}\b(this|our|the) (job|role|position|company|team)\b|\bwhy do you want to (work|join)\b|\bwhy are you (interested|applying)\b/i,
    'beh-why-company',
  ],
  [
    /\b(project|work|accomplishment|achievement)s?\b.{0,40}\bproud(est)?\b|\bproud(est)?\b.{0,40}\b(project|accomplishment|achievement)s?\b/i,
    'beh-proudest-project',
  ],
  [
    /\b(salary|ctc|compensation|pay|package)\b.{0,30}\b(expect\w*|looking for|hike)\b|\b(expected|current|last drawn) (ctc|salary|compensation|package|pay)\b|\bhow much\b.{0,30}\b(paid|pay|salary)\b|\bctc\b|\byour\b.{0,20}\b(salary|compensation)\b/i,
    'beh-salary-expectations',
  ],
  [
    /\bnotice period\b|\bjoining date\b|\b(how soon|when) can you (join|start)\b|\b(can|could) you (join|start)\b.{0,30}\b(early|earlier|soon|immediately|within|days|weeks|month)\b|\b(ready|able|available) to (join|start)\b|\bimmediate joiner\b/i,
    'beh-notice-period',
  ],
  [/\brelocat\w*\b|\b(open|willing|ready) to (move|shift) to\b/i, 'beh-relocation'],
  [
    /\b(any )?questions? for (us|me)\b|\bwhat (should|can|could) i ask\b.{0,40}\binterviewer\b|\bquestions? to ask (the|your|an) interviewer\b/i,
    'beh-questions-for-interviewer',
  ],
]

/**
 * Terms of employment the knowledge base has no entry for: other offers, office attendance,
 * service bonds, probation, background checks. They are answered as the HR entries are (say where
 * you stand, give a phrasing), never from a technical neighbour or with a story.
 */
const OTHER_TERMS =
  /\b(other )?offers? in hand\b|\bany other offers?\b|\bwork(ing)? from (the )?office\b|\bdays a week\b.{0,20}\boffice\b|\bservice bond\b|\bbond period\b|\bsign(ing)? a bond\b|\bprobation\b|\bbackground (verification|check)\b|\bjoining bonus\b/i

const TERMS_ENTRIES: ReadonlySet<string> = new Set(['beh-salary-expectations', 'beh-notice-period', 'beh-relocation'])

/** Whether the question is about terms of employment (pay, notice, relocation, offers, bonds…), with or without an entry. */
export function asksAboutTerms(question: string): boolean {
  const entry = personalQuestionEntry(question)
  return (entry !== null && TERMS_ENTRIES.has(entry.id)) || OTHER_TERMS.test(question)
}

/** The knowledge-base entry for a question about the candidate, or null for any other question. */
export function personalQuestionEntry(question: string): KbEntry | null {
  for (const [pattern, id] of PERSONAL_QUESTIONS) if (pattern.test(question)) return findEntry(id) ?? null
  return null
}
