import type { FuzzRequest } from './cases.ts'

/**
 * Why a fuzzed request got no status, so a report names each kind with its reason instead of one
 * count (decision 0112). A kind not listed here is reported as unexplained.
 */
export type NoAnswerKind = { kind: string; reason: string }

export function noAnswerKind(request: FuzzRequest, status: number, text: string): NoAnswerKind {
  if (request.slowBody && status === -1)
    return { kind: 'slow body, left open', reason: 'neither answered nor closed within the answer timeout' }
  if (request.slowBody)
    return {
      kind: 'slow body, closed unanswered',
      reason:
        'the server closed a body under its pace floor, and the client saw the close before the 408 (a reset can overtake an answer still unread)',
    }
  if (/ERR_INVALID_CHAR|ERR_INVALID_HTTP_TOKEN|Invalid character|not a valid HTTP token/i.test(text))
    return { kind: 'not sent', reason: 'the client library refused a header value or name; nothing reached the server' }
  return { kind: 'unexplained', reason: text.slice(0, 120) }
}
