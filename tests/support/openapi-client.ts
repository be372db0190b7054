import { Ajv2020, type SchemaObject } from 'ajv/dist/2020.js'
import addFormatsImport from 'ajv-formats'
import { testClientIp } from './rest-client.ts'

type Json = Record<string, unknown>
type Operation = {
  method: string
  path: string
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>
}
export type CallOptions = {
  body?: unknown
  query?: Record<string, string | number>
  token?: string | undefined
  form?: FormData
  ip?: string
}
export type CallAnswer = { status: number; body: { success: boolean; data?: unknown; error?: string } }

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020

/**
 * A REST client made at run time from the server's own /api/openapi.json, as the desktop
 * assistant's generated client would be: operations are looked up by operationId (a call the
 * document does not describe fails), and every answer is checked against the documented schema.
 */
export async function openApiClient(baseUrl: string) {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Json>>
    components: Json
  }
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
  ajv.addSchema(
    JSON.parse(
      JSON.stringify({ $id: 'api', components: document.components }).replaceAll('"#/components/', '"api#/components/'),
    ) as SchemaObject,
  )
  const operations = new Map<string, Operation>()
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation.operationId === 'string') {
        operations.set(operation.operationId, {
          method: method.toUpperCase(),
          path,
          responses: operation.responses as Operation['responses'],
        })
      }
    }
  }

  async function call(operationId: string, options: CallOptions = {}): Promise<CallAnswer> {
    const operation = operations.get(operationId)
    if (!operation)
      throw new Error(`The API document has no operation ${operationId}; it has ${[...operations.keys()].join(', ')}`)
    const url = new URL(`${baseUrl}/api${operation.path}`)
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value))
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? testClientIp() }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: BodyInit | undefined
    if (options.form) body = options.form
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    const response = await fetch(url, { method: operation.method, headers, ...(body ? { body } : {}) })
    const json = (await response.json()) as CallAnswer['body']
    const schema =
      operation.responses[String(response.status)]?.content?.['application/json']?.schema ??
      operation.responses.default?.content?.['application/json']?.schema
    if (!schema) throw new Error(`${operationId} answered ${response.status}, a status its documentation does not list`)
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')))
    if (!validate(json))
      throw new Error(
        `${operationId} answered ${response.status} outside its documented schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(json).slice(0, 500)}`,
      )
    return { status: response.status, body: json }
  }

  return { document, operations, call }
}
