import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/**
 * Words that put a question to the candidate about their own job: "you", "your", "we" and "our"
 * of the employer, their Hindi forms, "okay" or "fine" asked of them, or a word of employment that
 * names no one entry (company, interview, joining). A word that is itself an entry's subject
 * ("shift", "offer", "team", "hybrid", "job") proves nothing: "the shift operator" and "a hybrid
 * model" share it.
 */
const PUT_TO_THE_CANDIDATE =
  /\b(you|your|yours|yourself|u|ur|we|us|our|here|okay|ok|fine|comfortable|willing|ready|open|aap\w*|tum\w*|tu|tera|tere|tujhe|apna|apni|apne|chalega|karoge|paoge|company|companies|employer|organi[sz]ation|firm|candidate|interview|hr|resume|cv|naukri|position|joining|onboarding)\b/i

/** Phrases that only ever mean a term of employment, whoever is addressed. */
const TERMS_OF_EMPLOYMENT =
  /\bnotice period\b|\bservice (bond|agreement)\b|\bbackground verification\b|\bbgv\b|\brelocat\w*|\b(night|rotational|rotating) shifts?\b|\bwork(ing)? from (the )?office\b|\bcounter[- ]offers?\b|\bctc\b|\boffer letter\b/i

/**
 * An entry on the terms and history of a job (tagged "hr": a service bond, a probation, shifts, an
 * office, a counter-offer) answers only a question put to the candidate or naming a term of
 * employment; without them the same words belong to another field ("a bond and a stock",
 * "probation for a new driver", "the shift operator").
 */
const isAboutTheJob = (entry: KbEntry): boolean => entry.tags.includes('hr')

/** Whether the entry may answer the question: any entry, except an "hr" one for a question not put to the candidate. */
export const mayAnswer = (entry: KbEntry, question: string): boolean =>
  !isAboutTheJob(entry) || PUT_TO_THE_CANDIDATE.test(question) || TERMS_OF_EMPLOYMENT.test(question)
