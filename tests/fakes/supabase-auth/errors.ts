/**
 * GoTrue's two error shapes (supabase/auth internal/api/errors.go):
 * - HTTPError: `{ code: <status>, error_code, msg }`, or `{ code: <error_code>, message }` when the
 *   request carries `X-Supabase-Api-Version: 2024-01-01` (supabase-js always sends it), in which
 *   case the version is echoed in the response headers so the client reads `code` as the error code.
 *   Weak passwords add `weak_password: { reasons }`.
 * - OAuthError: `{ error, error_description }`, always 400.
 */
export class GoTrueHttpError extends Error {
  readonly status: number
  readonly errorCode: string
  readonly weakPasswordReasons: string[] | undefined

  constructor(status: number, errorCode: string, message: string, weakPasswordReasons?: string[]) {
    super(message)
    this.name = 'GoTrueHttpError'
    this.status = status
    this.errorCode = errorCode
    this.weakPasswordReasons = weakPasswordReasons
  }
}

export class GoTrueOAuthError extends Error {
  readonly error: string
  readonly description: string

  constructor(error: string, description: string) {
    super(`${error}: ${description}`)
    this.name = 'GoTrueOAuthError'
    this.error = error
    this.description = description
  }
}

export const badRequest = (code: string, message: string) => new GoTrueHttpError(400, code, message)
export const forbidden = (code: string, message: string) => new GoTrueHttpError(403, code, message)
export const notFound = (code: string, message: string) => new GoTrueHttpError(404, code, message)
export const unprocessable = (code: string, message: string) => new GoTrueHttpError(422, code, message)
export const tooManyRequests = (code: string, message: string) => new GoTrueHttpError(429, code, message)

export const invalidLoginMessage = 'Invalid login credentials'
export const emailLinkInvalidMessage = 'Email link is invalid or has expired'

/** GoTrue's `oauthErrorMap`: the OAuth `error` value used in redirect fragments. */
export function oauthErrorName(status: number): string | undefined {
  const names: Record<number, string> = {
    400: 'invalid_request',
    401: 'unauthorized_client',
    403: 'access_denied',
    500: 'server_error',
    503: 'temporarily_unavailable',
  }
  return names[status]
}

export type ErrorReply = { status: number; headers: Record<string, string>; body: Record<string, unknown> }

export function errorReply(error: unknown, apiVersion2024: boolean): ErrorReply {
  const headers: Record<string, string> = {}
  if (apiVersion2024) headers['x-supabase-api-version'] = '2024-01-01'
  if (error instanceof GoTrueOAuthError) {
    return { status: 400, headers, body: { error: error.error, error_description: error.description } }
  }
  const http =
    error instanceof GoTrueHttpError
      ? error
      : new GoTrueHttpError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        )
  const weak = http.weakPasswordReasons ? { weak_password: { reasons: http.weakPasswordReasons } } : {}
  if (apiVersion2024)
    return { status: http.status, headers, body: { code: http.errorCode, message: http.message, ...weak } }
  headers['x-sb-error-code'] = http.errorCode
  return {
    status: http.status,
    headers,
    body: { code: http.status, error_code: http.errorCode, msg: http.message, ...weak },
  }
}
