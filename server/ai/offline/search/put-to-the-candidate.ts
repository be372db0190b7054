import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/**
 * Words that put a question to the candidate about their own job: "you", "your", "we" and "our"
 * of the employer, their Hindi forms, "okay" or "fine" asked of them, or a word of employment. An
 * entry on the terms and history of a job (tagged "hr": a service bond, a probation, shifts, an
 * office, a counter-offer) answers only such a question; without them the same words belong to
 * another field ("a bond and a stock", "probation for a new driver").
 */
const PUT_TO_THE_CANDIDATE =
  /\b(you|your|yours|yourself|u|ur|we|us|our|here|okay|ok|fine|comfortable|willing|ready|aap\w*|tum\w*|tu|tera|tere|tujhe|apna|apni|apne|job|jobs|naukri|role|company|companies|firm|employer|organi[sz]ation|offer|offers|joining|join|notice|ctc|salary|package|hike|appraisal|career|interview|hr|manager|team|candidate|resume|cv|shift|shifts|relocate|relocation|wfo|wfh|hybrid)\b/i

const isAboutTheJob = (entry: KbEntry): boolean => entry.tags.includes('hr')

/** Whether the entry may answer the question: any entry, except an "hr" one for a question not put to the candidate. */
export const mayAnswer = (entry: KbEntry, question: string): boolean =>
  !isAboutTheJob(entry) || PUT_TO_THE_CANDIDATE.test(question)
