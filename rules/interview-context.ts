/**
 * How long each part of the interview context may be: long enough for a full resume or job posting,
 * short enough to keep a prompt affordable. The API refuses longer text and the browser's form
 * fields stop typing there, so both read these numbers.
 */
export const interviewContextLimits = {
  resume: 30_000,
  role: 300,
  /** Also the limit of the plain-text context, which is read as the job description. */
  jobDescription: 15_000,
} as const
