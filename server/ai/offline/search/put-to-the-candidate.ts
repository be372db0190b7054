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

/**
 * Phrases that only ever mean a term of employment, whoever is addressed. Relocating is one when a
 * person moves to a place, must move or is paid for it; a linker's relocations are not.
 */
const TERMS_OF_EMPLOYMENT =
  /\bnotice period\b|\bservice (bond|agreement)\b|\bbackground verification\b|\bbgv\b|\brelocat(e|ing|ion) (to|for|allowance|assistance|support|package|bonus|policy|benefits?|expenses?|required|needed|mandatory|possible)\b|\b(need|have|required|expected) to relocate\b|\b(night|rotational|rotating) shifts?\b|\bwork(ing)? from (the )?office\b|\bcounter[- ]offers?\b|\bctc\b|\boffer letter\b|\bwork[- ]life balance\b/i

/**
 * Whether the job has a term, asked with nothing else ("Is there a probation period?", "Will there
 * be any bond?"): the candidate asking, or being told, about the job. With anything after the term
 * ("for a new driving licence holder") it may be another field's.
 */
const WHETHER_THE_JOB_HAS =
  /^\s*(is|will) there (be )?(a|an|any) (probation( period)?|(service |training )?bond|notice period|relocation( allowance| assistance| support)?|(night|rotational|rotating) shifts?)( (here|in this (role|job|position|company)|for this (role|job|position)|after joining))?\s*\??\s*$/i

/**
 * "You" of a procedure: "how do you price a bond", "what do you use for caching" ask how anyone
 * does it. Only a verb of the candidate's own stance ("how do you feel about night shifts", "how
 * would you handle a bond") or conduct ("how do you stay motivated?", "how do you balance work and
 * life?", "how do you work best?"; not "work out" a price) puts a how-question to them; their other
 * words ("your employer", "are you okay") still count.
 */
const ANYONE_DOING_IT =
  /\bhow (do|can|could|would|should|will) you (?!(feel|handle|deal|cope|manage|see|view|think|rate|plan|intend|expect|justify|explain|describe|prefer|like|stay|keep|remain|balance|spend|work(?! out))\b)\w+|\bwhat (do|would|can|could|should) you use\b/gi

const isPutToTheCandidate = (question: string): boolean =>
  PUT_TO_THE_CANDIDATE.test(question.replace(ANYONE_DOING_IT, ' '))

/**
 * An entry on the terms and history of a job (tagged "hr": a service bond, a probation, shifts, an
 * office, a counter-offer) answers only a question put to the candidate or naming a term of
 * employment; without them the same words belong to another field ("a bond and a stock",
 * "probation for a new driver", "the shift operator").
 */
const isAboutTheJob = (entry: KbEntry): boolean => entry.tags.includes('hr')

/** Whether the entry may answer the question: any entry, except an "hr" one for a question not put to the candidate. */
export const mayAnswer = (entry: KbEntry, question: string): boolean =>
  !isAboutTheJob(entry) ||
  isPutToTheCandidate(question) ||
  TERMS_OF_EMPLOYMENT.test(question) ||
  WHETHER_THE_JOB_HAS.test(question)
