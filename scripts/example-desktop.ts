// `npm run example:desktop -- [--base-url http://127.0.0.1:3000]`: the desktop assistant's whole
// flow over REST with the typed client (clients/typescript), against a running server on its
// embedded defaults: register, confirm, sign in, buy a plan in sandbox mode, start a session, ask
// (streamed), a screenshot, audio, generate (and practise one), improve, history, end, the session's
// review, refresh, add an authenticator app, sign in again with its code (two-step sign-in), sign out.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { Secret, TOTP } from 'otpauth'
import { createInterviewHelperClient, formData } from '../clients/typescript/index.ts'

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3000' },
    audio: { type: 'string' },
    // Repeatable `Name: value`, sent with every request (a proxy's headers, for instance).
    header: { type: 'string', multiple: true, default: [] },
  },
})
const headers = Object.fromEntries(
  values.header.map((line) => {
    const colon = line.indexOf(':')
    if (colon < 1) throw new Error(`--header takes "Name: value", got ${JSON.stringify(line)}`)
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()]
  }),
)
const baseUrl = values['base-url']
let accessToken: string | undefined
const { api, streamQuestion } = createInterviewHelperClient({ baseUrl, headers, accessToken: () => accessToken })

/** The data of a successful answer; a refusal stops the example with the server's code and words. */
function dataOf<T>(step: string, result: { data?: { success: true; data: T }; error?: unknown }): T {
  if (!result.data) throw new Error(`${step} failed: ${JSON.stringify(result.error)}`)
  console.log(`✓ ${step}`)
  return result.data.data
}

const email = `desktop-${randomUUID().slice(0, 8)}@example.com`
const password = `Desktop-${randomUUID().slice(0, 8)}!1`

dataOf(
  'register',
  await api.POST('/auth/register', { body: { email, password, firstName: 'Asha', lastName: 'Desai' } }),
)
const token = await confirmationToken(email)
dataOf('confirm e-mail', await api.POST('/auth/confirm-email', { body: { token } }))
const session = dataOf('sign in', await api.POST('/auth/login', { body: { email, password } }))
accessToken = session.tokens.accessToken

const order = dataOf('create order', await api.POST('/auth/create-order', { body: { planType: 'pro' } }))
const paid = dataOf(
  'pay in sandbox',
  await api.POST('/payments/sandbox/complete', { body: { orderId: order.id, outcome: 'success' } }),
)
if (paid.outcome !== 'success') throw new Error(`the sandbox declined the payment: ${paid.error.description}`)
dataOf('verify payment', await api.POST('/auth/verify-payment', { body: paid.result }))
const started = dataOf('start session', await api.POST('/interview/session/start', { body: {} }))
const sessionId = started.id

let streamed = ''
for await (const event of streamQuestion({ question: 'What is a hash map?', sessionId })) {
  if (event.event === 'delta') streamed += event.data.text
  else if (event.event === 'error') throw new Error(`ask (streamed) failed: ${event.data.code}: ${event.data.error}`)
}
console.log(`✓ ask (streamed): ${streamed.length} characters`)

// With no prepared answer, the nearest questions the knowledge base has: the assistant offers them, and asks the one picked.
const unsure = dataOf(
  'ask with no prepared answer',
  await api.POST('/interview/question', {
    body: { question: 'What goes on inside a dictionary when you look up a key?', sessionId },
  }),
)
const offered = unsure.suggestions?.[0]
if (offered) {
  console.log(`  offered: ${(unsure.suggestions ?? []).map((suggestion) => suggestion.question).join(' | ')}`)
  dataOf(
    'ask the offered question',
    await api.POST('/interview/question', { body: { question: offered.question, sessionId } }),
  )
}

const image = await readFile(path.join(import.meta.dirname, '../clients/typescript/example/question.png'))
dataOf('screenshot', await api.POST('/interview/screenshot', { body: { image: image.toString('base64'), sessionId } }))
await askByAudio(sessionId)
const generated = dataOf(
  'generate questions',
  await api.POST('/interview/generate-questions', { body: { topic: 'system design', count: 3 } }),
)
const practised = generated.questions[0]?.question
if (practised)
  dataOf(
    'practise a generated question',
    await api.POST('/interview/question', { body: { question: practised, sessionId, generated: true } }),
  )
dataOf(
  'improve communication',
  await api.POST('/interview/improve-communication', {
    body: { response: 'So um I I think that caching is is good.' },
  }),
)
dataOf('history', await api.GET('/interview/history'))
dataOf('end session', await api.POST('/interview/session/end', { body: { sessionId } }))
printReview(dataOf('review', await api.GET('/interview/sessions/{id}/review', { params: { path: { id: sessionId } } })))
const refreshed = dataOf(
  'refresh tokens',
  await api.POST('/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } }),
)
accessToken = refreshed.tokens.accessToken
const secondSession = await signInWithTwoSteps()
accessToken = secondSession.tokens.accessToken
dataOf('sign out', await api.POST('/auth/logout', { body: { refreshToken: secondSession.tokens.refreshToken } }))
console.log('desktop flow complete')

/** The ended session's review, as the desktop app would show it after the interview (Pro). */
function printReview(review: {
  summary: { questionCount: number; lowConfidence: number; abstained: number }
  questions: {
    number: number
    mode: string
    category: string
    trust: string
    latencyMs: number
    question: string | null
  }[]
  practice: { topic: string; reason: string }[]
}) {
  const { summary } = review
  console.log(
    `  ${summary.questionCount} questions, ${summary.lowConfidence} with low confidence, ${summary.abstained} without a reliable answer`,
  )
  for (const question of review.questions)
    console.log(
      `  ${question.number}. [${question.mode}, ${question.category}, ${question.trust}, ${question.latencyMs} ms] ${question.question ?? '(unreadable)'}`,
    )
  for (const item of review.practice) console.log(`  practise: ${item.topic} (${item.reason})`)
}

/**
 * Two-step sign-in: adds an authenticator app (the example computes its codes, as the app would),
 * then signs in again: the password answers 401 `mfa_required` with a challenge token, and one more
 * call with a code completes it.
 */
async function signInWithTwoSteps() {
  const enrolment = dataOf(
    'add authenticator',
    await api.POST('/account/authenticators', { body: { name: 'Desktop example' } }),
  )
  const app = new TOTP({ secret: Secret.fromBase32(enrolment.secret), algorithm: 'SHA1', digits: 6, period: 30 })
  const confirmed = dataOf(
    'confirm authenticator',
    await api.POST('/account/authenticators/confirm', {
      body: { authenticatorId: enrolment.authenticatorId, code: app.generate() },
    }),
  )
  console.log(`  ${confirmed.recoveryCodes?.length ?? 0} recovery codes to keep somewhere safe`)
  const first = await api.POST('/auth/login', { body: { email, password } })
  const challengeToken = first.error?.details?.challengeToken
  if (first.error?.code !== 'mfa_required' || typeof challengeToken !== 'string')
    throw new Error(`sign in should have asked for a code: ${JSON.stringify(first.error ?? first.data)}`)
  console.log('✓ sign in: mfa_required')
  // Each code is accepted once, and the first one confirmed the app: the next time step's code
  // (within the one step of clock skew the server allows) saves waiting for the app's next code.
  const code = app.generate({ timestamp: Date.now() + 30_000 })
  return dataOf('sign in with a code', await api.POST('/auth/mfa/verify', { body: { challengeToken, code } }))
}

/** The confirmation link's token, read from the development mailbox (GET /dev/mailbox: this machine, no SMTP). */
async function confirmationToken(address: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mailbox = await api.GET('/dev/mailbox')
    if (!mailbox.data)
      throw new Error(`the development mailbox answered ${mailbox.response.status}: is SMTP configured?`)
    const found = mailbox.data.data.messages
      .find((message) => message.to === address)
      ?.text.match(/email-confirmed\?token=(\S+)/)?.[1]
    if (found) return decodeURIComponent(found)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no confirmation mail for ${address} in the development mailbox`)
}

/** Asks by voice: the recording given with --audio, or one spoken by espeak-ng when it is installed. */
async function askByAudio(id: string) {
  let file = values.audio
  const folder = await mkdtemp(path.join(tmpdir(), 'desktop-example-'))
  try {
    if (!file) {
      file = path.join(folder, 'question.wav')
      try {
        await promisify(execFile)('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, 'What is a hash map?'])
      } catch {
        console.log('- audio question skipped: give --audio file.wav, or install espeak-ng to make one')
        return
      }
    }
    const recording = await readFile(file)
    const heard = dataOf(
      'audio question',
      await api.POST('/interview/audio-question', {
        body: { audio: new File([recording], path.basename(file)), sessionId: id },
        bodySerializer: formData,
      }),
    )
    // An unsure transcript is not answered: the app shows it, the person corrects it, and it is sent as text.
    if (heard.needsConfirmation) {
      console.log(
        `  heard "${heard.transcript}" (${heard.transcriptConfidence} sure): confirming it as a typed question`,
      )
      dataOf(
        'confirmed question',
        await api.POST('/interview/question', { body: { question: heard.transcript, sessionId: id } }),
      )
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
