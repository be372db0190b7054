/** The words every failed interview call starts with. */
export const sessionFailures = {
  start: 'Failed to start session',
  end: 'Failed to end session',
  response: 'Failed to get response',
  audio: 'Failed to process audio',
  analyze: 'Failed to analyze question',
  screenshot: 'Failed to analyze screenshot',
  generate: 'Failed to generate questions',
  improve: 'Failed to improve communication',
} as const

export type SessionFailure = (typeof sessionFailures)[keyof typeof sessionFailures]

/**
 * The product's failure text followed by the server's reason. The server already starts some reasons
 * with the same words (AI failures): those are shown once, not twice.
 */
export function failureText(failure: SessionFailure, reason: string | null | undefined): string {
  const detail = reason?.trim()
  if (!detail) return failure
  if (detail.toLowerCase().startsWith(failure.toLowerCase())) return detail
  return `${failure}: ${detail}`
}
