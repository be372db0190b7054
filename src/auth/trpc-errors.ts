import { isTRPCClientError } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'

/** The tRPC error code (UNAUTHORIZED, FORBIDDEN, …) of a failed call, if the server answered at all. */
export function errorCode(error: unknown): string | undefined {
  return isTRPCClientError<AppRouter>(error) ? error.data?.code : undefined
}

/** The stable snake_case code the server gave the refusal (email_not_confirmed, rate_limited, …). */
export function publicErrorCode(error: unknown): string | undefined {
  return isTRPCClientError<AppRouter>(error) ? error.data?.errorCode : undefined
}

/** The facts a refusal carries for a program (e.g. the challenge token of `mfa_required`). */
export function errorDetails(error: unknown): Readonly<Record<string, string>> | undefined {
  return isTRPCClientError<AppRouter>(error) ? error.data?.details : undefined
}

/** True when the server rejected the call: a network failure has no tRPC error shape. */
export function serverAnswered(error: unknown): boolean {
  return errorCode(error) !== undefined
}

/** The server's message, or the fallback for network failures and plain exceptions. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isTRPCClientError<AppRouter>(error) && error.data?.code && error.message) return error.message
  if (error instanceof Error && !isTRPCClientError(error) && error.message) return error.message
  return fallback
}
