/**
 * The desktop assistant's whole day over the REST bridge, through a client made from
 * /api/openapi.json: sign in, buy a plan (sandbox), start a session, ask by text, screenshot and
 * voice, practise, end, and read usage and history back.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it, inject } from 'vitest'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { openApiClient, type CallAnswer } from '#tests/support/openapi-client.ts'
import { testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
const password = 'Passw0rdX'
let api: Awaited<ReturnType<typeof openApiClient>>
let token = ''
let starterToken = ''

// The caller names the shape it expects; the client has already checked the answer against the OpenAPI document.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a deliberate cast for tests, visible at each call
const data = <T>(answer: CallAnswer): T => {
  if (!answer.body.success) throw new Error(`expected success, got ${answer.status}: ${answer.body.error}`)
  return answer.body.data as T
}

async function trpc<T>(procedure: string, input: unknown, accessToken: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'x-forwarded-for': ip },
    body: JSON.stringify(input),
  })
  const json = (await response.json()) as { result?: { data: T }; error?: { message: string } }
  if (!json.result) throw new Error(`${procedure}: ${json.error?.message}`)
  return json.result.data
}

/** A confirmed, signed-in person with a paid plan bought through the sandbox checkout. */
async function customer(planType: 'starter' | 'pro'): Promise<string> {
  const email = `desk-${planType}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  data(await api.call('auth-register', { ip, body: { email, password, firstName: 'Kiran', lastName: 'Desai' } }))
  const confirmToken = await mailedToken(httpMailbox(baseUrl, ip), email)
  data(await api.call('auth-confirmEmail', { ip, body: { token: confirmToken } }))
  const session = data<{ tokens: { accessToken: string } }>(
    await api.call('auth-login', { ip, body: { email, password } }),
  )
  const accessToken = session.tokens.accessToken
  const order = data<{ id: string }>(
    await api.call('auth-createOrder', { ip, token: accessToken, body: { planType, billingCycle: 'monthly' } }),
  )
  const paid = await trpc<{ outcome: string; result: Record<string, string> }>(
    'payments.completeSandboxCheckout',
    { orderId: order.id, outcome: 'success' },
    accessToken,
  )
  data(await api.call('auth-verifyPayment', { ip, token: accessToken, body: paid.result }))
  return accessToken
}

beforeAll(async () => {
  api = await openApiClient(baseUrl)
  token = await customer('pro')
  starterToken = await customer('starter')
})

describe('the REST bridge, driven from its OpenAPI document', () => {
  it('describes every interview call, the multipart audio upload and the stream included', () => {
    for (const operation of [
      'interview-sessionStart',
      'interview-sessionEnd',
      'interview-sessionActive',
      'interview-usageLimits',
      'interview-history',
      'interview-question',
      'interview-analyze',
      'interview-screenshot',
      'interview-generateQuestions',
      'interview-improveCommunication',
      'interview-audioQuestion',
      'interview-questionStream',
    ]) {
      expect(api.operations.has(operation), operation).toBe(true)
    }
    expect(api.document.paths['/interview/audio-question']?.post).toMatchObject({
      requestBody: { content: { 'multipart/form-data': {} } },
    })
  })

  // OCR and speech recognition take seconds each on a busy two-core machine.
  it('runs a whole session and counts it once', { timeout: 180_000 }, async () => {
    const before = data<{ interviews: { used: number; remaining: number; total: number }; planType: string }>(
      await api.call('interview-usageLimits', { ip, token }),
    )
    expect(before).toMatchObject({ planType: 'pro', interviews: { used: 0, remaining: 25, total: 25 } })

    const session = data<{ id: string; status: string }>(
      await api.call('interview-sessionStart', {
        ip,
        token,
        body: { mode: 'voice', context: { role: 'Backend engineer', jobDescription: 'Go, PostgreSQL, Kafka' } },
      }),
    )
    expect(session.status).toBe('active')
    expect(data<{ session: { id: string } }>(await api.call('interview-sessionActive', { ip, token })).session.id).toBe(
      session.id,
    )

    const answer = data<{ response: string; usage: { interviews: { used: number } } }>(
      await api.call('interview-question', { ip, token, body: { question: 'How would you design a rate limiter?' } }),
    )
    expect(answer.response.toLowerCase()).toMatch(/rate|limit|token bucket/)
    expect(answer.usage.interviews.used).toBe(1)

    const image = (
      await readFile(path.join(import.meta.dirname, '../integration/ai-ocr-fixtures/question.png'))
    ).toString('base64')
    const screenshot = data<{ extractedText: string; response: string }>(
      await api.call('interview-screenshot', { ip, token, body: { image: `data:image/png;base64,${image}` } }),
    )
    expect(screenshot.extractedText.length).toBeGreaterThan(10)
    expect(screenshot.response.length).toBeGreaterThan(20)

    const folder = await mkdtemp(path.join(tmpdir(), 'speech-'))
    try {
      const wav = path.join(folder, 'question.wav')
      await promisify(execFile)('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, 'What is a hash map?'])
      const form = new FormData()
      form.append('audio', new Blob([await readFile(wav)], { type: 'audio/wav' }), 'question.wav')
      const spoken = data<{ transcript: string; response: string }>(
        await api.call('interview-audioQuestion', { ip, token, form }),
      )
      expect(spoken.transcript.toLowerCase()).toContain('hash map')
      expect(spoken.response.toLowerCase()).toContain('hash')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }

    const generated = data<{ questions: unknown[] }>(
      await api.call('interview-generateQuestions', { ip, token, body: { topic: 'system design' } }),
    )
    expect(generated.questions).toHaveLength(5)
    const feedback = data<{ score: number; improvedResponse: string }>(
      await api.call('interview-improveCommunication', {
        ip,
        token,
        body: { response: 'Um, so basically I, like, led the migration and it was kind of done by the team.' },
      }),
    )
    expect(feedback.improvedResponse.toLowerCase()).not.toContain(' um')
    expect(
      data<{ category: string }>(
        await api.call('interview-analyze', {
          ip,
          token,
          body: { question: 'Tell me about a time you disagreed with your manager.' },
        }),
      ).category,
    ).toBeTruthy()

    const ended = data<{ counted: boolean; questionsAsked: number }>(
      await api.call('interview-sessionEnd', { ip, token, body: { sessionId: session.id } }),
    )
    expect(ended).toMatchObject({ counted: true, questionsAsked: 3 })
    expect(data<{ interviews: unknown }>(await api.call('interview-usageLimits', { ip, token })).interviews).toEqual({
      used: 1,
      remaining: 24,
      total: 25,
    })

    const history = data<{ total: number; sessions: { id: string; questions: { source: string }[] }[] }>(
      await api.call('interview-history', { ip, token, query: { page: 1, pageSize: 5 } }),
    )
    expect(history.sessions[0]?.id).toBe(session.id)
    expect(history.sessions[0]?.questions.map((question) => question.source)).toEqual(['text', 'screenshot', 'audio'])
  })

  it('answers bad input with 4xx and a clear message, never a 500', async () => {
    data(await api.call('interview-sessionStart', { ip, token, body: {} }))
    const cases: [string, Parameters<typeof api.call>[1], number, RegExp][] = [
      ['interview-question', { ip, token, body: {} }, 400, /question: is required/],
      ['interview-question', { ip, token, body: { question: 'x'.repeat(4001) } }, 400, /at most 4,000 characters/],
      ['interview-question', { ip, token, body: { question: 'Why?', sessionId: 'not-a-session' } }, 400, /sessionId/],
      ['interview-screenshot', { ip, token, body: { image: 'not base64 at all!' } }, 400, /base64/],
      [
        'interview-screenshot',
        { ip, token, body: { image: Buffer.from('plain text, not an image').toString('base64') } },
        415,
        /PNG, JPEG or WebP/,
      ],
      [
        'interview-screenshot',
        { ip, token, body: { image: Buffer.alloc(5 * 1024 * 1024 + 10).toString('base64') } },
        413,
        /at most 5 MB/,
      ],
      [
        'interview-generateQuestions',
        { ip, token, body: { topic: 'sql', count: 50 } },
        400,
        /count must be between 1 and 20/,
      ],
      [
        'interview-generateQuestions',
        { ip, token, body: { topic: 'sql', difficulty: 'impossible' } },
        400,
        /difficulty/,
      ],
      ['interview-improveCommunication', { ip, token, body: { response: '' } }, 400, /response is required/],
      ['interview-history', { ip, token, query: { page: 0 } }, 400, /page/],
      ['interview-question', { ip, body: { question: 'Why?' } }, 401, /Sign in/],
    ]
    for (const [operation, options, status, message] of cases) {
      const answer = await api.call(operation, options)
      expect([operation, answer.status]).toEqual([operation, status])
      expect(answer.body.error).toMatch(message)
    }
    const notAudio = new FormData()
    notAudio.append('audio', new Blob(['hello'], { type: 'text/plain' }), 'note.txt')
    expect((await api.call('interview-audioQuestion', { ip, token, form: notAudio })).status).toBe(415)
    expect((await api.call('interview-audioQuestion', { ip, token, form: new FormData() })).body.error).toMatch(
      /audio is required/,
    )
    data(await api.call('interview-sessionEnd', { ip, token, body: {} }))
    expect((await api.call('interview-question', { ip, token, body: { question: 'Why?' } })).status).toBe(409)
  })

  it('gates features by plan with 403 naming the plan and the upgrade', async () => {
    const screenshot = await api.call('interview-screenshot', { ip, token: starterToken, body: { image: 'aGVsbG8=' } })
    expect(screenshot.status).toBe(403)
    expect(screenshot.body.error).toMatch(
      /Screen analysis: Your Starter plan does not include it\. It comes with the Professional plan: upgrade on the pricing page\./,
    )
    const context = await api.call('interview-sessionStart', {
      ip,
      token: starterToken,
      body: { context: { resume: 'Ten years of Go' } },
    })
    expect(context.status).toBe(403)
    // The same rule on every call that takes context, not only on session start.
    const analyzed = await api.call('interview-analyze', {
      ip,
      token: starterToken,
      body: { question: 'Tell me about yourself', context: { resume: 'Ten years of Go' } },
    })
    expect([analyzed.status, analyzed.body.error]).toEqual([
      403,
      expect.stringMatching(/^Resume and job description context: Your Starter plan does not include it/),
    ])
    expect(
      (await api.call('interview-improveCommunication', { ip, token: starterToken, body: { response: 'I led it.' } }))
        .status,
    ).toBe(403)
  })

  it('offers the nearest questions in place of an answer, and asking one answers it from its entry', async () => {
    data(await api.call('interview-sessionStart', { ip, token, body: {} }))
    type Answer = { source?: string; matchedQuestion?: string; suggestions?: { id: string; question: string }[] }
    const unsure = data<Answer>(
      await api.call('interview-question', {
        ip,
        token,
        body: { question: 'What goes on inside a dictionary when you look up a key?' },
      }),
    )
    expect(unsure.source).toBe('framework')
    const offered = unsure.suggestions?.find((suggestion) => suggestion.id === 'ds-hash-map')
    expect(offered?.question).toBe('How does a hash map work?')
    const chosen = data<Answer>(
      await api.call('interview-question', { ip, token, body: { question: offered?.question ?? '' } }),
    )
    expect(chosen).toMatchObject({ source: 'knowledge-base', matchedQuestion: 'How does a hash map work?' })
    expect(chosen.suggestions).toBeUndefined()
    data(await api.call('interview-sessionEnd', { ip, token, body: {} }))
  })

  it('streams an answer as server-sent events', async () => {
    data(await api.call('interview-sessionStart', { ip, token, body: {} }))
    const response = await fetch(`${baseUrl}/api/interview/question/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
      body: JSON.stringify({ question: 'What is a closure in JavaScript?' }),
    })
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
    const text = await response.text()
    const events = text
      .trim()
      .split('\n\n')
      .map((block) => ({
        event: /^event: (\w+)/.exec(block)?.[1],
        data: JSON.parse(block.split('\ndata: ')[1] ?? 'null') as Record<string, unknown>,
      }))
    const deltas = events
      .filter((event) => event.event === 'delta')
      .map((event) => String(event.data.text))
      .join('')
    const done = events.at(-1)
    expect(done?.event).toBe('done')
    expect(done?.data).toMatchObject({ success: true, data: { response: deltas } })
    // The offline engine streams too: its answer arrives in several deltas.
    expect(events.filter((event) => event.event === 'delta').length).toBeGreaterThan(1)
    expect(deltas.toLowerCase()).toContain('closure')
    data(await api.call('interview-sessionEnd', { ip, token, body: {} }))
  })
})
