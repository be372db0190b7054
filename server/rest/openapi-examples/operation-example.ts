import type { PublicErrorCode } from '#server/trpc/public-error-codes.ts'
import type { RestOperation } from '../operation-refusals.ts'

/** Every operation in the API document: the client operations, and the probes. */
export type DocumentedOperation = RestOperation | 'GET /health' | 'GET /ready'

type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/** An error answer without its `success: false` and `code`, which the document adds from its key. */
export type ErrorExample = { error: string; details?: Readonly<Record<string, JsonValue>> }

/**
 * What the API reference shows for one operation: the request (a JSON or multipart body, query
 * and path parameters), the `data` of its success (or the body itself when it is not JSON), and
 * the error answers whose words differ from the shared ones (error-examples.ts) on this operation.
 */
export type OperationExample = {
  request?: {
    json?: JsonValue
    multipart?: Readonly<Record<string, string>>
    /** A raw body (application/octet-stream), described in words. */
    raw?: string
    query?: Readonly<Record<string, string | number>>
    path?: Readonly<Record<string, string>>
  }
  success: JsonValue
  errors?: Partial<Record<PublicErrorCode, ErrorExample>>
}

/** One tag's examples: a key that names no operation (a typo, a renamed path) does not compile. */
export type TagExamples = Partial<Record<DocumentedOperation, OperationExample>>
