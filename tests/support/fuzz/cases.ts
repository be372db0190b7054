import { generateSync } from 'json-schema-faker'
import type { FuzzOperation, JsonSchema } from './operations.ts'
import {
  hostileBodies,
  hostileContentTypes,
  hostileStrings,
  hostileUrlParts,
  hostileValues,
  invalidUtf8Bodies,
} from './hostile-values.ts'
import type { Chooser } from './random.ts'

/** Who the request claims to be: a real person, support staff, nobody, or a forgery. */
export type Credentials = { user: string; support: string; forged: readonly string[] }

export type FuzzRequest = {
  operation: string
  mutation: string
  method: string
  url: string
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer> | FormData | undefined
  /** Sent as a slow client would: the headers, then the body a byte at a time, never finished. */
  slowBody?: true
}

type Draft = {
  url: string
  input: unknown
  rawBody?: string | Uint8Array<ArrayBuffer> | FormData
  contentType?: string | undefined
  /** A tRPC batch: the call repeated this many times in one request. */
  batch?: number
  slowBody?: true
}
type Mutation = { name: string; weight: number; applies: (operation: FuzzOperation) => boolean; apply: Mutate }
type Mutate = (draft: Draft, context: { operation: FuzzOperation; choose: Chooser; seed: number }) => Draft

/** A value the operation's schema accepts (as far as the generator can tell), or {} when it cannot tell. */
function validInput(schema: JsonSchema | undefined, seed: number): unknown {
  if (!schema) return undefined
  try {
    return generateSync(schema, { seed, maxLength: 200, maxItems: 3 })
  } catch {
    return {}
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function propertiesOf(operation: FuzzOperation): string[] {
  const properties = operation.input?.schema.properties
  return isObject(properties) ? Object.keys(properties) : []
}

const withField = (draft: Draft, field: string, value: unknown): Draft => ({
  ...draft,
  input: { ...(isObject(draft.input) ? draft.input : {}), [field]: value },
})

const hasJsonInput = (operation: FuzzOperation) => operation.input?.kind === 'json'
const hasFields = (operation: FuzzOperation) => propertiesOf(operation).length > 0

const mutations: readonly Mutation[] = [
  { name: 'valid', weight: 4, applies: () => true, apply: (draft) => draft },
  {
    name: 'field: hostile value',
    weight: 8,
    applies: hasFields,
    apply: (draft, { operation, choose }) =>
      withField(draft, choose.pick(propertiesOf(operation)), choose.pick(hostileValues)),
  },
  {
    name: 'field: hostile string',
    weight: 8,
    applies: hasFields,
    apply: (draft, { operation, choose }) =>
      withField(draft, choose.pick(propertiesOf(operation)), choose.pick(hostileStrings)),
  },
  {
    name: 'field: missing',
    weight: 3,
    applies: hasFields,
    apply: (draft, { operation, choose }) => {
      const field = choose.pick(propertiesOf(operation))
      const input = isObject(draft.input) ? { ...draft.input } : {}
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- removing the chosen field is the mutation
      delete input[field]
      return { ...draft, input }
    },
  },
  {
    name: 'field: extra',
    weight: 2,
    applies: hasJsonInput,
    apply: (draft, { choose }) =>
      withField(
        draft,
        choose.pick(['role', 'isAdmin', 'userId', '__proto__', 'x\u0000', '']),
        choose.pick(hostileValues),
      ),
  },
  {
    name: 'input: hostile value',
    weight: 2,
    applies: hasJsonInput,
    apply: (draft, { choose }) => ({ ...draft, input: choose.pick(hostileValues) }),
  },
  {
    name: 'body: hostile text',
    weight: 4,
    applies: (operation) => operation.method !== 'GET',
    apply: (draft, { choose }) => ({ ...draft, rawBody: choose.pick(hostileBodies) }),
  },
  {
    name: 'body: invalid UTF-8',
    weight: 1,
    applies: (operation) => operation.method !== 'GET',
    apply: (draft, { choose }) => ({ ...draft, rawBody: choose.pick(invalidUtf8Bodies) }),
  },
  {
    name: 'header: content type',
    weight: 3,
    applies: (operation) => operation.method !== 'GET',
    apply: (draft, { choose }) => ({ ...draft, contentType: choose.pick(hostileContentTypes) }),
  },
  {
    name: 'url: hostile query',
    weight: 3,
    applies: (operation) =>
      operation.queryParams.length > 0 || (operation.transport === 'trpc' && operation.method === 'GET'),
    apply: (draft, { operation, choose }) => {
      const name = operation.queryParams.length > 0 ? choose.pick(operation.queryParams).name : 'input'
      const separator = draft.url.includes('?') ? '&' : '?'
      return { ...draft, url: `${draft.url}${separator}${name}=${choose.pick(hostileUrlParts)}&${name}=2` }
    },
  },
  {
    name: 'url: prototype-named key',
    weight: 2,
    applies: () => true,
    apply: (draft, { choose }) => {
      const key = choose.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])
      const separator = draft.url.includes('?') ? '&' : '?'
      return { ...draft, url: `${draft.url}${separator}${key}=1&${key}=2` }
    },
  },
  {
    name: 'trpc: batch',
    weight: 3,
    applies: (operation) => operation.transport === 'trpc',
    apply: (draft, { choose }) => ({ ...draft, batch: choose.pick([2, 10, 11, 40, 600]) }),
  },
  {
    name: 'body: slow',
    weight: 1,
    applies: (operation) => operation.method !== 'GET' && operation.input?.kind !== 'multipart',
    apply: (draft) => ({ ...draft, slowBody: true }),
  },
  {
    name: 'multipart: hostile parts',
    weight: 6,
    applies: (operation) => operation.input?.kind === 'multipart',
    apply: (draft, { choose }) => ({ ...draft, rawBody: hostileForm(choose) }),
  },
]

function hostileForm(choose: Chooser): FormData {
  const form = new FormData()
  if (choose.chance(0.7)) {
    const size = choose.pick([0, 1, 44, 2_000, 300_000])
    const bytes = new Uint8Array(size).map(() => choose.int(256))
    form.append(
      choose.pick(['audio', 'audio', 'file', 'x\u0000']),
      new Blob([bytes], { type: choose.pick(['audio/wav', 'text/plain', '']) }),
      choose.pick(['q.wav', '../../x.wav', 'x\u0000.wav', '']),
    )
  }
  if (choose.chance(0.5)) form.append('sessionId', choose.pick(hostileStrings))
  if (choose.chance(0.3)) form.append('audio', choose.pick(hostileStrings))
  return form
}

/** The URL with its path parameters filled: usually a plausible value, sometimes a hostile one. */
function fillPath(operation: FuzzOperation, choose: Chooser): string {
  let url = operation.path
  for (const name of operation.pathParams) {
    const value = choose.chance(0.5) ? choose.pick(hostileUrlParts) : crypto.randomUUID()
    url = url.replace(`{${name}}`, value === '' ? '%20' : value)
  }
  return url
}

function withValidQuery(url: string, operation: FuzzOperation, seed: number): string {
  const query = new URLSearchParams()
  for (const parameter of operation.queryParams) {
    const value = validInput(parameter.schema, seed)
    // Query parameters are scalars; an object or array value would not be a valid one anyway.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query.set(parameter.name, String(value))
  }
  const text = query.toString()
  return text === '' ? url : `${url}?${text}`
}

function authorization(choose: Chooser, credentials: Credentials): string | undefined {
  const roll = choose.next()
  if (roll < 0.55) return `Bearer ${credentials.user}`
  if (roll < 0.7) return `Bearer ${credentials.support}`
  if (roll < 0.8) return undefined
  return choose.pick([
    ...credentials.forged.map((token) => `Bearer ${token}`),
    'Basic YTpi',
    'Bearer',
    `Bearer ${'a'.repeat(9_000)}`,
  ])
}

/** One request for the operation, with one mutation chosen by weight. */
export function fuzzRequest(
  operation: FuzzOperation,
  context: { choose: Chooser; seed: number; credentials: Credentials; clientIp: string; requestId: string },
): FuzzRequest {
  const { choose, seed } = context
  const candidates = mutations.filter((mutation) => mutation.applies(operation))
  const total = candidates.reduce((sum, mutation) => sum + mutation.weight, 0)
  let roll = choose.next() * total
  const mutation = candidates.find((candidate) => (roll -= candidate.weight) < 0) ?? candidates[0]
  if (!mutation) throw new Error(`no mutation applies to ${operation.name}`)
  const start: Draft = {
    url: withValidQuery(fillPath(operation, choose), operation, seed),
    input: operation.input?.kind === 'json' ? validInput(operation.input.schema, seed) : undefined,
    contentType: 'application/json',
  }
  if (operation.input?.kind === 'multipart') start.rawBody = hostileForm(choose)
  const draft = mutation.apply(start, { operation, choose, seed })
  const headers: Record<string, string> = { 'x-request-id': context.requestId, 'x-forwarded-for': context.clientIp }
  const token = authorization(choose, context.credentials)
  if (token) headers.authorization = token
  const { url, input } = draft.batch === undefined ? draft : asBatch(draft, draft.batch)
  let target = url
  let body: FuzzRequest['body']
  if (operation.method === 'GET') {
    if (operation.transport === 'trpc' && input !== undefined && !target.includes('?'))
      target = `${target}?input=${encodeURIComponent(JSON.stringify(input))}`
    else if (draft.batch !== undefined) target = `${target}&input=${encodeURIComponent(JSON.stringify(input))}`
  } else {
    body = draft.rawBody ?? (input === undefined ? undefined : JSON.stringify(input))
    if (draft.contentType && !(body instanceof FormData)) headers['content-type'] = draft.contentType
  }
  const request = {
    operation: operation.name,
    mutation: mutation.name,
    method: operation.method,
    url: target,
    headers,
    body,
  }
  return draft.slowBody ? { ...request, slowBody: true } : request
}

/** `/api/trpc/<p>,<p>,…?batch=1` with the input once per call, keyed by its position, as tRPC's batch link sends it. */
function asBatch(draft: Draft, calls: number): { url: string; input: unknown } {
  const [path = '', query] = draft.url.split('?')
  const procedure = path.slice(path.lastIndexOf('/') + 1)
  const url = `${path.slice(0, path.lastIndexOf('/') + 1)}${Array<string>(calls).fill(procedure).join(',')}?batch=1`
  return {
    url: query === undefined ? url : `${url}&${query}`,
    input: Object.fromEntries(Array.from({ length: calls }, (_, index) => [String(index), draft.input ?? null])),
  }
}
