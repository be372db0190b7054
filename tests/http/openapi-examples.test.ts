/**
 * The API reference's examples against the built server: for a sample of operations, the example
 * request sent as it stands gets an answer valid against the documented schema (the client checks
 * every answer) with the example's shape, and a refusal in the example's very words and code.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { openApiClient, type CallAnswer, type CallOptions } from '#tests/support/openapi-client.ts'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { testClientIp } from '#tests/support/rest-client.ts'

type Json = Record<string, unknown>

const baseUrl = inject('baseUrl')
const ip = testClientIp()
let api: Awaited<ReturnType<typeof openApiClient>>
let token = ''

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

function operationOf(operationId: string): Json {
  for (const item of Object.values(api.document.paths))
    for (const operation of Object.values(item)) if (operation.operationId === operationId) return operation
  throw new Error(`no operation ${operationId}`)
}

/** The example request of an operation, as the reference shows it. */
function exampleRequest(operationId: string): CallOptions {
  const operation = operationOf(operationId)
  const body = isRecord(operation.requestBody) ? operation.requestBody.content : undefined
  const json = isRecord(body) && isRecord(body['application/json']) ? body['application/json'].example : undefined
  const query: Record<string, string | number> = {}
  for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : [])
    if (isRecord(parameter) && parameter.in === 'query' && parameter.example !== undefined)
      query[String(parameter.name)] = parameter.example as string | number
  return { ip, ...(json === undefined ? {} : { body: json }), ...(Object.keys(query).length > 0 ? { query } : {}) }
}

function responseContent(operationId: string, status: number): Json {
  const responses = operationOf(operationId).responses
  const response = isRecord(responses) ? responses[String(status)] : undefined
  const content = isRecord(response) && isRecord(response.content) ? response.content['application/json'] : undefined
  if (!isRecord(content)) throw new Error(`${operationId} declares no JSON answer ${status}`)
  return content
}

/** The kind of each value, key by key; arrays by their first item, null as a wildcard (a nullable field). */
function shapeOf(value: unknown): unknown {
  if (value === null) return null
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : []
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shapeOf(item)]),
    )
  return typeof value
}

/** Whether `live` has the shape of `example`: the same keys, the same kinds, wherever both say. */
function sameShape(live: unknown, example: unknown): boolean {
  const [a, b] = [shapeOf(live), shapeOf(example)]
  const compare = (x: unknown, y: unknown): boolean => {
    if (x === null || y === null) return true
    if (Array.isArray(x) && Array.isArray(y)) return x.length === 0 || y.length === 0 || compare(x[0], y[0])
    if (isRecord(x) && isRecord(y))
      return (
        JSON.stringify(Object.keys(x)) === JSON.stringify(Object.keys(y)) &&
        Object.keys(x).every((key) => compare(x[key], y[key]))
      )
    return x === y
  }
  return compare(a, b)
}

function expectSuccessLikeExample(operationId: string, answer: CallAnswer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const example = responseContent(operationId, 200).example
  expect(isRecord(example) && sameShape(answer.body, example), JSON.stringify(answer.body)).toBe(true)
}

function expectRefusalAsExample(operationId: string, answer: CallAnswer, code: string) {
  const examples = responseContent(operationId, answer.status).examples
  const example = isRecord(examples) && isRecord(examples[code]) ? examples[code].value : undefined
  expect(answer.body).toEqual(example)
}

beforeAll(async () => {
  api = await openApiClient(baseUrl)
  const email = `examples-${randomUUID().slice(0, 8)}@example.com`
  const password = 'Passw0rdX'
  await api.call('auth-register', { ip, body: { email, password, firstName: 'Asha', lastName: 'Rao' } })
  const confirmed = await api.call('auth-confirmEmail', {
    ip,
    body: { token: await mailedToken(httpMailbox(baseUrl, ip), email) },
  })
  expect(confirmed.status).toBe(200)
  const session = await api.call('auth-login', { ip, body: { email, password } })
  const data = session.body.data
  token = isRecord(data) && isRecord(data.tokens) ? String(data.tokens.accessToken) : ''
})

describe('the examples of the API reference, sent to the server', () => {
  it('register: the example person gets an answer shaped like the example', async () => {
    expectSuccessLikeExample('auth-register', await api.call('auth-register', exampleRequest('auth-register')))
  })

  it('login: the example person, not confirmed yet, is refused in the example words', async () => {
    await api.call('auth-register', exampleRequest('auth-register'))
    const answer = await api.call('auth-login', exampleRequest('auth-login'))
    expect(answer.status).toBe(403)
    expectRefusalAsExample('auth-login', answer, 'email_not_confirmed')
  })

  it('register: a body without its fields is refused in the example words', async () => {
    const answer = await api.call('auth-register', { ip, body: {} })
    expect(answer.status).toBe(400)
    expectRefusalAsExample('auth-register', answer, 'invalid_request')
  })

  it('refresh-token: the example token, unknown here, is refused in the example words', async () => {
    const answer = await api.call('auth-refreshToken', exampleRequest('auth-refreshToken'))
    expect(answer.status).toBe(401)
    expectRefusalAsExample('auth-refreshToken', answer, 'refresh_token_invalid')
  })

  it('plans and the update check answer like their examples', async () => {
    expectSuccessLikeExample('auth-plans', await api.call('auth-plans', exampleRequest('auth-plans')))
    expectSuccessLikeExample(
      'app-releases-latest',
      await api.call('app-releases-latest', exampleRequest('app-releases-latest')),
    )
  })

  it('signed in without a plan: usage like its example, a session start refused in the example words', async () => {
    expectSuccessLikeExample(
      'interview-usageLimits',
      await api.call('interview-usageLimits', { ...exampleRequest('interview-usageLimits'), token }),
    )
    const start = await api.call('interview-sessionStart', { ...exampleRequest('interview-sessionStart'), token })
    expect(start.status).toBe(403)
    expectRefusalAsExample('interview-sessionStart', start, 'plan_required')
  })

  it('without a token, a protected operation is refused in the example words', async () => {
    const answer = await api.call('interview-history', exampleRequest('interview-history'))
    expect(answer.status).toBe(401)
    expectRefusalAsExample('interview-history', answer, 'unauthenticated')
  })
})
