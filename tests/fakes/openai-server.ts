/**
 * A local fake of the OpenAI HTTP API (the subset an OpenAI-compatible server such as Ollama,
 * vLLM or LM Studio also offers), on 127.0.0.1 at a random port, following the documented
 * contract:
 *
 * - `POST /v1/chat/completions`: JSON `chat.completion`, or with `stream: true` a
 *   `text/event-stream` of `chat.completion.chunk` objects (`choices[].delta`), a final chunk with
 *   `usage` and empty `choices` when `stream_options.include_usage`, then `data: [DONE]`.
 *   User content parts `text`, `image_url` (http(s) or base64 data URL) and `input_audio`.
 * - `POST /v1/audio/transcriptions`: multipart form with `file` and `model`; answers `{ text }`
 *   (`response_format` json, text or verbose_json).
 * - `GET /v1/models`.
 * - Bearer key check (401), unknown model (404 `model_not_found`), malformed request (400), every
 *   error in OpenAI's `{ error: { message, type, param, code } }` shape.
 *
 * What each model answers is programmable per model id (`setModel`), and every request is
 * recorded in `requests` so tests can assert what the client sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

type FakeUsage = { prompt_tokens: number; completion_tokens: number; total_tokens: number }

export type FakeReply =
  | {
      kind: 'text'
      text: string
      /** How a streamed answer is split into deltas; default: one delta per word. */
      chunks?: string[]
      usage?: FakeUsage
      /** Wait before answering (e.g. to trigger a client timeout). */
      delayMs?: number
      /** When streaming: close the connection after this many content deltas. */
      dropAfterChunks?: number
      /** When streaming: send this many content deltas, then wait for `until` before the rest. */
      holdAfterChunks?: { count: number; until: Promise<unknown> }
    }
  | {
      kind: 'error'
      status: number
      message?: string
      type?: string
      code?: string | null
      headers?: Record<string, string>
      delayMs?: number
    }

/** One reply for every call, a sequence (the last one repeats), or a function of the call. */
export type ModelScript = FakeReply | FakeReply[] | ((call: RecordedRequest, index: number) => FakeReply)

export const fakeReply = {
  text: (text: string, extra: Omit<Extract<FakeReply, { kind: 'text' }>, 'kind' | 'text'> = {}): FakeReply => ({
    kind: 'text',
    text,
    ...extra,
  }),
  error: (status: number, extra: Omit<Extract<FakeReply, { kind: 'error' }>, 'kind' | 'status'> = {}): FakeReply => ({
    kind: 'error',
    status,
    ...extra,
  }),
}

type RecordedFile = { name: string; type: string; size: number; bytes: Uint8Array }

type RecordedRequest = {
  method: string
  path: string
  /** The raw Authorization header, if any. */
  authorization: string | undefined
  endpoint: 'chat' | 'transcription' | 'models' | 'other'
  model: string | undefined
  /** The parsed JSON body of a chat completion. */
  chat: ChatCompletionRequest | undefined
  /** The parsed form of a transcription. */
  form: { fields: Record<string, string>; file: RecordedFile | undefined } | undefined
  /** The status the fake answered with. */
  status: number
}

export type FakeOpenAiServer = {
  /** Base URL including `/v1`, as OpenAI clients expect it. */
  readonly baseUrl: string
  readonly apiKey: string
  readonly requests: RecordedRequest[]
  setModel(modelId: string, script: ModelScript): void
  /** Forgets the recorded requests and the per-model call counters. */
  reset(): void
  close(): Promise<void>
}

// ----- the request contract -----

const textPart = z.object({ type: z.literal('text'), text: z.string() })
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().min(1), detail: z.enum(['auto', 'low', 'high']).optional() }),
})
const audioPart = z.object({
  type: z.literal('input_audio'),
  input_audio: z.object({ data: z.string(), format: z.enum(['wav', 'mp3']) }),
})
const userPart = z.discriminatedUnion('type', [textPart, imagePart, audioPart])
const instructionContent = z.union([z.string(), z.array(textPart).min(1)])
const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: instructionContent, name: z.string().optional() }),
  z.object({ role: z.literal('developer'), content: instructionContent, name: z.string().optional() }),
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(userPart).min(1)]),
    name: z.string().optional(),
  }),
  z.object({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(textPart), z.null()]).optional(),
    tool_calls: z.array(z.unknown()).optional(),
  }),
  z.object({ role: z.literal('tool'), content: z.union([z.string(), z.array(textPart)]), tool_call_id: z.string() }),
])
const chatCompletionRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
})
type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>
type ChatMessage = z.infer<typeof message>

const transcriptionFormats = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']
const maxBodyBytes = 30 * 1024 * 1024

// ----- server -----

export async function startFakeOpenAiServer(
  options: { apiKey?: string; models?: Record<string, ModelScript> } = {},
): Promise<FakeOpenAiServer> {
  const apiKey = options.apiKey ?? 'sk-fake-0123456789abcdefghijklmnop'
  const models = new Map<string, ModelScript>(Object.entries(options.models ?? {}))
  const callCounts = new Map<string, number>()
  const requests: RecordedRequest[] = []

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, 500, { message: `fake server failure: ${String(error)}`, type: 'server_error' })
      else res.destroy()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      endpoint: endpointOf(req.method, path),
      model: undefined,
      chat: undefined,
      form: undefined,
      status: 0,
    }
    requests.push(record)
    const answer = (status: number) => {
      record.status = status
    }

    const body = await readBody(req)
    if (body === undefined) {
      answer(413)
      sendError(res, 413, { message: 'Request entity too large.', type: 'invalid_request_error' })
      return
    }

    const auth = checkAuth(req.headers.authorization, apiKey)
    if (auth) {
      answer(401)
      sendError(res, 401, auth)
      return
    }

    if (record.endpoint === 'models') {
      answer(200)
      sendJson(res, 200, {
        object: 'list',
        data: [...models.keys()].map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
      })
      return
    }
    if (record.endpoint === 'chat') {
      return chatCompletion(body, req, res, record, answer)
    }
    if (record.endpoint === 'transcription') {
      return transcription(body, req, res, record, answer)
    }
    answer(404)
    sendError(res, 404, { message: `Invalid URL (${req.method} ${path})`, type: 'invalid_request_error' })
  }

  async function chatCompletion(
    body: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
    record: RecordedRequest,
    answer: (status: number) => void,
  ) {
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      answer(400)
      sendError(res, 400, { message: 'Content-Type must be application/json.', type: 'invalid_request_error' })
      return
    }
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch {
      answer(400)
      sendError(res, 400, {
        message:
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
        type: 'invalid_request_error',
      })
      return
    }
    const parsed = chatCompletionRequest.safeParse(json)
    if (!parsed.success) {
      answer(400)
      const issue = parsed.error.issues[0]
      sendError(res, 400, {
        message: `Invalid request: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
        type: 'invalid_request_error',
        param: issue?.path.join('.') ?? null,
      })
      return
    }
    const request = parsed.data
    record.chat = request
    record.model = request.model
    const badImage = request.messages.flatMap(imageUrls).find((url) => !isAcceptableImageUrl(url))
    if (badImage !== undefined) {
      answer(400)
      sendError(res, 400, {
        message:
          "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
        type: 'invalid_request_error',
        code: 'invalid_image_format',
      })
      return
    }
    const reply = nextReply(request.model, record)
    if (!reply) {
      answer(404)
      sendError(res, 404, modelNotFound(request.model))
      return
    }
    if (!(await wait(reply.delayMs ?? 0, res))) return
    if (reply.kind === 'error') {
      answer(reply.status)
      sendError(res, reply.status, reply, reply.headers)
      return
    }
    const usage = reply.usage ?? estimateUsage(request.messages, reply.text)
    answer(200)
    if (request.stream) return streamCompletion(res, request, reply, usage)
    sendJson(res, 200, {
      id: completionId(),
      object: 'chat.completion',
      created: nowSeconds(),
      model: request.model,
      system_fingerprint: 'fp_fake',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        ...usage,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
      },
      service_tier: 'default',
    })
  }

  async function streamCompletion(
    res: ServerResponse,
    request: ChatCompletionRequest,
    reply: Extract<FakeReply, { kind: 'text' }>,
    usage: FakeUsage,
  ) {
    const includeUsage = request.stream_options?.include_usage === true
    const id = completionId()
    const created = nowSeconds()
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    })
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: request.model,
        system_fingerprint: 'fp_fake',
        choices,
        ...(includeUsage ? { usage: null } : {}),
        ...extra,
      })}\n\n`
    const delta = (content: Record<string, unknown>, finish: string | null = null) => ({
      index: 0,
      delta: content,
      logprobs: null,
      finish_reason: finish,
    })
    res.write(chunk([delta({ role: 'assistant', content: '', refusal: null })]))
    const pieces = reply.chunks ?? reply.text.split(/(?<=\s)/)
    for (const [index, piece] of pieces.entries()) {
      if (reply.dropAfterChunks !== undefined && index >= reply.dropAfterChunks) {
        res.destroy()
        return
      }
      if (index === reply.holdAfterChunks?.count) await reply.holdAfterChunks.until
      res.write(chunk([delta({ content: piece })]))
      // Separate writes so the client really receives the deltas one by one.
      await new Promise((resolve) => setImmediate(resolve))
    }
    res.write(chunk([delta({}, 'stop')]))
    if (includeUsage) res.write(chunk([], { usage }))
    res.end('data: [DONE]\n\n')
  }

  async function transcription(
    body: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
    record: RecordedRequest,
    answer: (status: number) => void,
  ) {
    const contentType = req.headers['content-type'] ?? ''
    if (!contentType.startsWith('multipart/form-data')) {
      answer(400)
      sendError(res, 400, {
        message:
          "Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'key=value' to send form data.)",
        type: 'invalid_request_error',
      })
      return
    }
    let form: FormData
    try {
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      }).formData()
    } catch {
      answer(400)
      sendError(res, 400, { message: 'Could not parse multipart form', type: 'invalid_request_error' })
      return
    }
    const fields: Record<string, string> = {}
    let file: RecordedFile | undefined
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value
      else if (name === 'file') {
        const bytes = new Uint8Array(await value.arrayBuffer())
        file = { name: value.name, type: value.type, size: bytes.byteLength, bytes }
      }
    }
    record.form = { fields, file }
    record.model = fields.model
    if (!fields.model) {
      answer(400)
      sendError(res, 400, {
        message: 'you must provide a model parameter',
        type: 'invalid_request_error',
        param: 'model',
      })
      return
    }
    if (!file) {
      answer(400)
      sendError(res, 400, {
        message: '1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)',
        type: 'invalid_request_error',
        param: 'file',
      })
      return
    }
    const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
    if (!transcriptionFormats.includes(extension)) {
      answer(400)
      sendError(res, 400, {
        message: `Invalid file format. Supported formats: ${JSON.stringify(transcriptionFormats)}`,
        type: 'invalid_request_error',
      })
      return
    }
    const reply = nextReply(fields.model, record)
    if (!reply) {
      answer(404)
      sendError(res, 404, modelNotFound(fields.model))
      return
    }
    if (!(await wait(reply.delayMs ?? 0, res))) return
    if (reply.kind === 'error') {
      answer(reply.status)
      sendError(res, reply.status, reply, reply.headers)
      return
    }
    answer(200)
    const format = fields.response_format ?? 'json'
    if (format === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      return res.end(reply.text)
    }
    if (format === 'verbose_json') {
      const duration = 1
      sendJson(res, 200, {
        task: 'transcribe',
        language: 'english',
        duration,
        text: reply.text,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: duration,
            text: reply.text,
            tokens: [],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1,
            no_speech_prob: 0.01,
          },
        ],
      })
      return
    }
    sendJson(res, 200, { text: reply.text })
  }

  function nextReply(modelId: string, record: RecordedRequest): FakeReply | undefined {
    const script = models.get(modelId)
    if (script === undefined) return undefined
    const index = callCounts.get(modelId) ?? 0
    callCounts.set(modelId, index + 1)
    if (typeof script === 'function') return script(record, index)
    if (Array.isArray(script)) return script[Math.min(index, script.length - 1)]
    return script
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    setModel: (modelId, script) => {
      models.set(modelId, script)
      callCounts.delete(modelId)
    },
    reset: () => {
      requests.length = 0
      callCounts.clear()
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

// ----- helpers -----

function endpointOf(method: string | undefined, path: string): RecordedRequest['endpoint'] {
  if (method === 'GET' && path === '/v1/models') return 'models'
  if (method === 'POST' && path === '/v1/chat/completions') return 'chat'
  if (method === 'POST' && path === '/v1/audio/transcriptions') return 'transcription'
  return 'other'
}

type ErrorBody = { message?: string; type?: string; param?: string | null; code?: string | null }

const defaultErrors: Record<number, Required<Pick<ErrorBody, 'message' | 'type'>> & { code: string | null }> = {
  400: { message: 'Bad request.', type: 'invalid_request_error', code: null },
  429: {
    message: 'Rate limit reached for requests. Limit: 3 / min. Please try again in 20s.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
}

function sendError(res: ServerResponse, status: number, error: ErrorBody, headers: Record<string, string> = {}) {
  const fallback = defaultErrors[status] ?? { message: `HTTP ${status}`, type: 'server_error', code: null }
  sendJson(
    res,
    status,
    {
      error: {
        message: error.message ?? fallback.message,
        type: error.type ?? fallback.type,
        param: error.param ?? null,
        code: error.code === undefined ? fallback.code : error.code,
      },
    },
    headers,
  )
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

/** OpenAI echoes a masked form of a wrong key: its start and its last four characters. */
function checkAuth(header: string | undefined, apiKey: string): ErrorBody | undefined {
  const match = /^Bearer (.*)$/.exec(header ?? '')
  if (!match || match[1] === '') {
    return {
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
      type: 'invalid_request_error',
      code: null,
    }
  }
  const given = match[1] ?? ''
  if (given === apiKey) return undefined
  const masked = given.length > 12 ? `${given.slice(0, 8)}${'*'.repeat(given.length - 12)}${given.slice(-4)}` : '****'
  return {
    message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  }
}

function modelNotFound(modelId: string): ErrorBody {
  return {
    message: `The model \`${modelId}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    code: 'model_not_found',
  }
}

function imageUrls(message: ChatMessage): string[] {
  if (message.role !== 'user' || typeof message.content === 'string') return []
  return message.content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []))
}

function isAcceptableImageUrl(url: string): boolean {
  if (/^https?:\/\//.test(url)) return true
  const match = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=]+)$/.exec(url)
  if (!match) return false
  const bytes = Buffer.from(match[2] ?? '', 'base64')
  const signatures: Record<string, (b: Buffer) => boolean> = {
    png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
    gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
    webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  }
  return signatures[match[1] ?? '']?.(bytes) ?? false
}

/** Roughly four characters a token, and 85 tokens an image (OpenAI's low-detail price). */
function estimateUsage(messages: ChatMessage[], answer: string): FakeUsage {
  let chars = 0
  let images = 0
  for (const m of messages) {
    if (typeof m.content === 'string') chars += m.content.length
    else if (Array.isArray(m.content)) {
      for (const part of m.content) {
        if (part.type === 'text') chars += part.text.length
        else if (part.type === 'image_url') images += 1
      }
    }
  }
  const prompt_tokens = Math.ceil(chars / 4) + images * 85
  const completion_tokens = Math.ceil(answer.length / 4)
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens }
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const parts: Buffer[] = []
  let size = 0
  for await (const part of req) {
    const buffer = part as Buffer
    size += buffer.byteLength
    if (size > maxBodyBytes) return undefined
    parts.push(buffer)
  }
  return Buffer.concat(parts)
}

/** Resolves false when the client went away first. */
function wait(ms: number, res: ServerResponse): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose)
      resolve(true)
    }, ms)
    const onClose = () => {
      clearTimeout(timer)
      resolve(false)
    }
    res.once('close', onClose)
  })
}

let completionCounter = 0
const completionId = () => `chatcmpl-fake${(completionCounter += 1).toString().padStart(6, '0')}`
const nowSeconds = () => Math.floor(Date.now() / 1000)
