import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger, type LogLevel } from '#server/logger.ts'
import { noteRequestUser, runInRequestContext } from '#server/request-context.ts'

/** A logger writing into memory; `lines()` parses what it wrote, one JSON object per line. */
function memoryLogger(level: LogLevel = 'debug', options?: Parameters<typeof createLogger>[2]) {
  let written = ''
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString()
      done()
    },
  })
  const log = createLogger(level, sink, options)
  const text = () => written
  const lines = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((line) => z.record(z.string(), z.unknown()).parse(JSON.parse(line)))
  return { log, text, lines }
}

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLWJ5dGVz'

describe('the logger', () => {
  it('writes one JSON line per entry: level name, ISO time, message and the fields', () => {
    const { log, lines } = memoryLogger()
    log.info('order created', { orderId: 'o-1', amount: 49900 })
    expect(lines()).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        message: 'order created',
        orderId: 'o-1',
        amount: 49900,
      },
    ])
  })

  it('leaves out entries below its level, and everything when silent', () => {
    const info = memoryLogger('info')
    info.log.debug('detail')
    info.log.warn('worth a look')
    expect(info.lines().map((line) => line.message)).toEqual(['worth a look'])
    const silent = memoryLogger('silent')
    silent.log.error('unseen')
    expect(silent.text()).toBe('')
  })

  it('writes an error with its type, stack and causes', () => {
    const { log, lines } = memoryLogger()
    const cause = new Error('connection reset')
    log.error('request failed', { err: new TypeError('could not read the plan', { cause }) })
    const error = z.object({ type: z.string(), message: z.string(), stack: z.string() }).parse(lines()[0]?.err)
    expect(error.type).toBe('TypeError')
    expect(error.message).toBe('could not read the plan: connection reset')
    expect(error.stack).toMatch(/^TypeError: could not read the plan\n\s+at /)
    expect(error.stack).toContain('caused by: Error: connection reset')
  })

  it('names the request and, once known, the user on every line written while serving it', async () => {
    const { log, lines } = memoryLogger()
    await runInRequestContext({ requestId: 'req-1' }, async () => {
      log.info('before sign-in')
      noteRequestUser('user-1')
      await Promise.resolve()
      log.info('after sign-in')
    })
    log.info('outside any request')
    expect(lines().map(({ requestId, userId }) => ({ requestId, userId }))).toEqual([
      { requestId: 'req-1', userId: undefined },
      { requestId: 'req-1', userId: 'user-1' },
      { requestId: undefined, userId: undefined },
    ])
  })
})

describe('redaction', () => {
  it('censors secret fields by name, at the top level and nested', () => {
    const { log, lines } = memoryLogger()
    log.warn('webhook refused', {
      headers: {
        authorization: `Bearer ${jwt}`,
        cookie: 'session=abc',
        'set-cookie': 'a=b',
        'x-razorpay-signature': 'f00d',
      },
      password: 'Passw0rd!',
      tokens: { accessToken: 'a1', refreshToken: 'r1' },
      reset: { request: { resetToken: 't1', signature: 's1' } },
      to: 'someone',
      person: { profile: { contact: { email: 'someone' } } },
    })
    expect(lines()[0]).toMatchObject({
      headers: {
        authorization: '[redacted]',
        cookie: '[redacted]',
        'set-cookie': '[redacted]',
        'x-razorpay-signature': '[redacted]',
      },
      password: '[redacted]',
      tokens: { accessToken: '[redacted]', refreshToken: '[redacted]' },
      reset: { request: { resetToken: '[redacted]', signature: '[redacted]' } },
      to: '[redacted]',
      person: { profile: { contact: { email: '[redacted]' } } },
    })
  })

  it('writes the request line alike without field redaction, and still censors text in it', () => {
    const full = memoryLogger('info')
    const fast = memoryLogger('info', { redactFields: false })
    const fields = { method: 'GET', path: '/api/auth/confirm/ravi@example.com', status: 200, durationMs: 3 }
    runInRequestContext({ requestId: 'req-2', userId: 'user-2' }, () => {
      full.log.info('request', fields)
      fast.log.info('request', fields)
    })
    const withoutTime = ({ time: _time, ...line }: Record<string, unknown>) => line
    expect(fast.lines().map(withoutTime)).toEqual(full.lines().map(withoutTime))
    expect(fast.text()).not.toContain('ravi@example.com')
    expect(Object.keys(fast.lines()[0] ?? {})).toEqual(Object.keys(full.lines()[0] ?? {}))
  })

  it('censors e-mail addresses and credentials inside any text, errors included', () => {
    const { log, text } = memoryLogger()
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (email)=(ravi.kumar+jobs@example.co.in) already exists.',
    })
    log.error('registration failed for ravi@example.com', {
      error: duplicate,
      wrapped: new Error('insert failed', { cause: new Error('no account for priya@example.org') }),
      header: `Bearer ${jwt}`,
      links: ['http://localhost:3000/email-confirmed?token=one-time-secret&next=/dashboard'],
      fragment: 'http://localhost:3000/reset-password#access_token=t2&refresh_token=t3&type=recovery',
      bare: `token ${jwt} in a sentence`,
    })
    const written = text()
    const secrets = [
      'ravi.kumar+jobs@example.co.in',
      'ravi@example.com',
      'priya@example.org',
      jwt,
      'one-time-secret',
      '=t2',
      '=t3',
    ]
    for (const secret of secrets) expect(written).not.toContain(secret)
    expect(written).toContain('Key (email)=([email]) already exists.')
    expect(written).toContain('caused by: Error: no account for [email]')
    expect(written).toContain('email-confirmed?token=[redacted]&next=/dashboard')
    expect(written).toContain('type=recovery')
    expect(() => z.record(z.string(), z.unknown()).parse(JSON.parse(written))).not.toThrow()
  })

  it('censors a credential in a line that holds no address, whatever the spelling', () => {
    const { log, text } = memoryLogger()
    log.warn('refused', { header: `BEARER ${jwt}`, raw: jwt, link: '/api/auth/confirm?Token=one-time-secret' })
    const written = text()
    for (const secret of [jwt, 'one-time-secret']) expect(written).not.toContain(secret)
    expect(written).toContain(`BEARER [redacted]`)
    expect(written).toContain('Token=[redacted]')
  })

  it('leaves a line with neither an address nor a credential as it is', () => {
    const { log, lines } = memoryLogger()
    const id = 'user-0b9e4c1a-5f0e-4b7a-9d52-3c1f0e6a7b21'
    log.info('request', { path: '/api/interview/usage-limits', userId: id })
    expect(lines()[0]).toMatchObject({ path: '/api/interview/usage-limits', userId: id })
  })
})
