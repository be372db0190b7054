/**
 * The typed client for the Interview Helper REST API, for the desktop assistant and scripts.
 * `schema.d.ts` is generated from the server's OpenAPI document (`npm run client:generate`); lint
 * fails when it no longer matches, so these types are the contract the server keeps.
 */
import createClient, { type Middleware } from 'openapi-fetch'
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream'
import type { components, paths } from './schema.d.ts'

export type { components, paths }

type Schemas = components['schemas']

/** One event of POST /interview/question/stream, with its data parsed by the document's schemas. */
export type QuestionStreamEvent =
  | { event: 'delta'; data: Schemas['QuestionStreamDelta'] }
  | { event: 'done'; data: Schemas['QuestionStreamDone'] }
  | { event: 'error'; data: Schemas['ErrorEnvelope'] }

type StreamBody = paths['/interview/question/stream']['post']['requestBody']['content']['application/json']

/**
 * A multipart body from an operation's fields (a file part is a Blob), for openapi-fetch's
 * `bodySerializer`: `api.POST('/interview/audio-question', { body, bodySerializer: formData })`.
 */
export function formData(fields: Record<string, string | Blob | undefined>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value)
  return form
}

export type ClientOptions = {
  /** The site's address, such as https://interviewhelper.example (the API lives under /api). */
  baseUrl: string
  /** The current access token, read before each request; none for the public operations. */
  accessToken?: () => string | undefined
  fetch?: typeof globalThis.fetch
  /** Sent with every request, such as a proxy's headers. */
  headers?: Record<string, string>
}

export function createInterviewHelperClient(options: ClientOptions) {
  const apiBase = `${options.baseUrl.replace(/\/+$/, '')}/api`
  const fetchImpl = options.fetch ?? globalThis.fetch
  const withBearer = (headers: Headers) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
    const token = options.accessToken?.()
    if (token) headers.set('authorization', `Bearer ${token}`)
  }
  const bearer: Middleware = {
    onRequest({ request }) {
      withBearer(request.headers)
      return request
    },
  }
  const api = createClient<paths>({ baseUrl: apiBase, fetch: fetchImpl })
  api.use(bearer)

  /**
   * Asks a question and yields the answer's server-sent events as they arrive: `delta` events with
   * text, then one `done` (the enveloped answer) or `error` (the error envelope), each parsed.
   */
  async function* streamQuestion(
    body: StreamBody,
    init: { signal?: AbortSignal; idempotencyKey?: string } = {},
  ): AsyncGenerator<QuestionStreamEvent> {
    const headers = new Headers({ 'content-type': 'application/json', accept: 'text/event-stream' })
    withBearer(headers)
    if (init.idempotencyKey) headers.set('idempotency-key', init.idempotencyKey)
    const response = await fetchImpl(`${apiBase}/interview/question/stream`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(init.signal ? { signal: init.signal } : {}),
    })
    if (!response.ok || !response.body) {
      // Refused before the stream began: the usual error envelope, as an `error` event.
      const refusal: Schemas['ErrorEnvelope'] = await response.json()
      yield { event: 'error', data: refusal }
      return
    }
    const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream())
    for await (const message of events) yield parsedEvent(message)
  }

  return { api, streamQuestion }
}

export type InterviewHelperClient = ReturnType<typeof createInterviewHelperClient>

/** The event by its name, its JSON data typed by the document (the server writes it from the same schemas). */
function parsedEvent(message: EventSourceMessage): QuestionStreamEvent {
  if (message.event === 'delta') {
    const data: Schemas['QuestionStreamDelta'] = JSON.parse(message.data)
    return { event: 'delta', data }
  }
  if (message.event === 'done') {
    const data: Schemas['QuestionStreamDone'] = JSON.parse(message.data)
    return { event: 'done', data }
  }
  const data: Schemas['ErrorEnvelope'] = JSON.parse(message.data)
  return { event: 'error', data }
}
