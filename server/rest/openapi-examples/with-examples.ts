import type { OpenAPIObject } from 'trpc-to-openapi'
import { publicCodeForStatus, type PublicErrorCode } from '#server/trpc/public-error-codes.ts'
import { sharedErrorExamples } from './error-examples.ts'
import type { DocumentedOperation, OperationExample } from './operation-example.ts'
import { operationExamples } from './operation-examples.ts'
import { operationFacts } from './procedure-facts.ts'
import type { Operation } from '#server/routes/openapi-shapes.ts'
import { isRecord, operationKeys } from '../openapi-object.ts'

type Json = Record<string, unknown>

const isDocumented = (key: string): key is DocumentedOperation => Object.hasOwn(operationExamples, key)

/**
 * Puts each operation's examples (openapi-examples/*.ts) into the document: the request body and
 * parameters, the success answer, and one named example per code of every declared failure.
 */
export function withExamples(document: OpenAPIObject): OpenAPIObject {
  const copy = structuredClone(document)
  for (const [path, pathItem] of Object.entries(copy.paths ?? {}))
    for (const method of operationKeys) {
      const operation = pathItem[method]
      const key = `${method.toUpperCase()} ${path}`
      if (operation && isDocumented(key)) exemplify(operation, operationExamples[key], method, path)
    }
  return copy
}

function exemplify(operation: Operation, example: OperationExample, method: string, path: string): void {
  const request = example.request
  const content = isRecord(operation.requestBody) ? operation.requestBody.content : undefined
  if (isRecord(content)) {
    const json = content['application/json']
    if (isRecord(json) && request?.json !== undefined) json.example = request.json
    const multipart = content['multipart/form-data']
    if (isRecord(multipart) && request?.multipart !== undefined) multipart.example = request.multipart
    const raw = content['application/octet-stream']
    if (isRecord(raw) && request?.raw !== undefined) raw.example = request.raw
  }
  for (const parameter of operation.parameters ?? []) {
    if (!isRecord(parameter) || typeof parameter.name !== 'string') continue
    const given = parameter.in === 'query' ? request?.query : parameter.in === 'path' ? request?.path : undefined
    if (given && Object.hasOwn(given, parameter.name)) parameter.example = given[parameter.name]
  }
  const facts = operationFacts(method, path)
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!isRecord(response) || !isRecord(response.content)) continue
    const media = Object.entries(response.content)
    if (/^2\d\d$/.test(status)) {
      for (const [type, mediaType] of media) {
        if (!isRecord(mediaType)) continue
        if (type === 'application/json') mediaType.example = { success: true, data: example.success }
        // A stream's schema is that of one event: one named example per event, in the order they come.
        else if (type === 'text/event-stream' && isRecord(example.success))
          mediaType.examples = Object.fromEntries(
            Object.entries(example.success).map(([event, data]) => [
              event,
              { summary: `event: ${event}`, value: data },
            ]),
          )
        else mediaType.example = example.success
      }
    } else if (/^[45]\d\d$/.test(status)) {
      const codes = declaredCodes(response) ?? [publicCodeForStatus(Number(status))]
      const examples = Object.fromEntries(
        codes.map((code) => {
          const { error, details } = example.errors?.[code] ?? sharedErrorExamples[code](facts)
          return [code, { summary: code, value: { success: false, error, code, ...(details ? { details } : {}) } }]
        }),
      )
      for (const [, mediaType] of media) if (isRecord(mediaType)) mediaType.examples = examples
    }
  }
}

/** The codes a declared status narrows the envelope to (openapi-declared-statuses.ts), if it does. */
function declaredCodes(response: Json): PublicErrorCode[] | undefined {
  const schema = JSON.stringify(response.content)
  const match = /"code":\{"enum":(\[[^\]]*\])\}/.exec(schema)
  return match?.[1] ? (JSON.parse(match[1]) as PublicErrorCode[]) : undefined
}
