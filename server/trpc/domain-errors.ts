import { TRPCError } from '@trpc/server'
import { DomainError } from '../../events/domain-error.ts'

/** The HTTP meaning of each business refusal. Codes not listed are 422: understood, but refused. */
const statusOf: Record<string, TRPCError['code']> = {
  'already-exists': 'CONFLICT',
  'not-found': 'NOT_FOUND',
  erased: 'UNAUTHORIZED',
  'email-not-confirmed': 'FORBIDDEN',
  'no-password': 'UNAUTHORIZED',
  'invalid-credentials': 'UNAUTHORIZED',
  'invalid-token': 'UNAUTHORIZED',
  'refresh-invalid': 'UNAUTHORIZED',
  'refresh-reused': 'UNAUTHORIZED',
  'invalid-link': 'BAD_REQUEST',
  'wrong-password': 'BAD_REQUEST',
  'same-password': 'BAD_REQUEST',
  'not-configured': 'BAD_REQUEST',
  'rate-limited': 'TOO_MANY_REQUESTS',
  forbidden: 'FORBIDDEN',
  'bad-request': 'BAD_REQUEST',
  'bad-signature': 'BAD_REQUEST',
  'unknown-plan': 'BAD_REQUEST',
  'already-paid': 'CONFLICT',
  'payment-failed': 'PAYMENT_REQUIRED',
  'gateway-unavailable': 'BAD_GATEWAY',
}

export function toTrpcError(error: DomainError): TRPCError {
  return new TRPCError({ code: statusOf[error.code] ?? 'UNPROCESSABLE_CONTENT', message: error.message, cause: error })
}

export function domainErrorOf(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error
  if (error instanceof TRPCError && error.cause instanceof DomainError) return error.cause
  return undefined
}
