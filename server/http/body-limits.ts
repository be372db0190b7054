import { interviewContextLimits } from '#rules/interview-context.ts'

const kB = 1024
const MB = 1024 * kB

/**
 * The largest body each kind of route reads. JSON inputs are small (names, e-mails, tokens, a
 * contact message of 5,000 characters), except an interview context (a resume and a job
 * description) and a screenshot, which arrives base64-encoded in JSON.
 */
export const bodyLimits = {
  json: 64 * kB,
  // Every character of the context may take up to 6 bytes in JSON (`\u` escapes), with room for the rest.
  interviewContext:
    Math.ceil(
      ((interviewContextLimits.resume + interviewContextLimits.jobDescription + interviewContextLimits.role) * 6) / kB +
        64,
    ) * kB,
  // 8,000,000 base64 characters of image plus a context.
  screenshot: 9 * MB,
  // 10 MB of audio plus the multipart framing and the session id.
  audio: 10 * MB + 64 * kB,
  webhook: 1 * MB,
} as const
