/**
 * A request sent with an Idempotency-Key that failed (5xx, or a throw) gives its key back only
 * when none of its writes committed: a repeat then runs it again. One whose write committed keeps
 * the key, so its repeat is answered from the key and writes nothing a second time.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '#server/accounts/register.ts'
import { firstAnswer } from '#server/routes/idempotent-first-answer.ts'
import { claimKey } from '#server/idempotency/idempotency-keys.ts'
import { updateProfile } from '#server/accounts/profile.ts'
import { actingAs, asAnonymous } from '#server/request-scope.ts'
import { noteIdempotencyKey, runInRequestContext } from '#server/request-context.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('the first answer of a keyed request on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const claimed = async () => {
    const id = {
      userId: randomUUID(),
      key: randomUUID(),
      fingerprint: 'request-a',
      instanceId: test.runtime.instanceId,
    }
    expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'claimed', takenOver: false })
    return { ...id, takenOver: false }
  }
  /** A write that commits: a sign-up appends the new account's events. */
  const commitAWrite = () =>
    registerWithPassword(asAnonymous({ runtime: test.runtime, requestId: randomUUID(), clientIp: '192.0.2.9' }), {
      email: `keyed-${randomUUID()}@example.test`,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
  const unavailable = () =>
    Response.json({ success: false, error: 'The service is unavailable', code: 'service_unavailable' }, { status: 503 })
  /** As the server runs every request: inside its request context. */
  const asRequest = <T>(work: () => Promise<T>) => runInRequestContext({ requestId: randomUUID() }, work)

  it('gives the key back when the failed request wrote nothing', async () => {
    const id = await claimed()
    const answer = await asRequest(() => firstAnswer(test.runtime, id, () => Promise.resolve(unavailable())))
    expect(answer.status).toBe(503)
    expect(await claimKey(test.runtime.db, id, test.clock)).toMatchObject({ kind: 'claimed' })

    const thrown = await claimed()
    const failing = asRequest(() => firstAnswer(test.runtime, thrown, () => Promise.reject(new Error('lost'))))
    await expect(failing).rejects.toThrow('lost')
    expect(await claimKey(test.runtime.db, thrown, test.clock)).toMatchObject({ kind: 'claimed' })
  })

  it('keeps the key of a request whose write committed before it answered 503, and answers its repeat from it', async () => {
    const id = await claimed()
    const answer = await asRequest(() =>
      firstAnswer(test.runtime, id, async () => {
        await commitAWrite()
        return unavailable()
      }),
    )
    expect(answer.status).toBe(503)
    const repeat = await claimKey(test.runtime.db, id, test.clock)
    expect(repeat).toMatchObject({ kind: 'done', answer: { status: 500 } })
    if (repeat.kind !== 'done') throw new Error('the key was given back')
    expect(JSON.parse(repeat.answer.body)).toMatchObject({ success: false, code: 'internal_error' })
  })

  it('keeps the key of a request that threw after its write committed', async () => {
    const id = await claimed()
    const failing = asRequest(() =>
      firstAnswer(test.runtime, id, async () => {
        await commitAWrite()
        throw new Error('the answer could not be made')
      }),
    )
    await expect(failing).rejects.toThrow('the answer could not be made')
    expect(await claimKey(test.runtime.db, id, test.clock)).toMatchObject({ kind: 'done', answer: { status: 500 } })
  })

  it('gives the key back on a refusal the same request can get past (blocks still missing), and keeps other refusals', async () => {
    const incomplete = await claimed()
    const refused = () =>
      Response.json(
        { success: false, error: 'Send the missing blocks', code: 'utterance_incomplete', details: { received: '1' } },
        { status: 409 },
      )
    const answer = await asRequest(() => firstAnswer(test.runtime, incomplete, () => Promise.resolve(refused())))
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({ code: 'utterance_incomplete' })
    expect(await claimKey(test.runtime.db, incomplete, test.clock)).toMatchObject({ kind: 'claimed' })

    const ended = await claimed()
    const sessionEnded = () =>
      Response.json({ success: false, error: 'The session has ended', code: 'session_ended' }, { status: 409 })
    await asRequest(() => firstAnswer(test.runtime, ended, () => Promise.resolve(sessionEnded())))
    expect(await claimKey(test.runtime.db, ended, test.clock)).toMatchObject({ kind: 'done', answer: { status: 409 } })
  })

  it('lets an event stream through as it is produced, and keeps the whole of it for the repeats', async () => {
    const id = await claimed()
    const encoder = new TextEncoder()
    let source: ReadableStreamDefaultController<Uint8Array> | undefined
    const events = new ReadableStream<Uint8Array>({
      start(controller) {
        source = controller
      },
    })
    source?.enqueue(encoder.encode('event: heard\ndata: {}\n\n'))
    const answer = await asRequest(() =>
      firstAnswer(test.runtime, id, () =>
        Promise.resolve(new Response(events, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })),
      ),
    )
    const reader = answer.body?.getReader()
    if (!reader) throw new Error('no body')
    // The first event reaches the reader while the rest is still being produced.
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: heard\ndata: {}\n\n')
    expect(await claimKey(test.runtime.db, id, test.clock)).toMatchObject({ kind: 'running' })
    source?.enqueue(encoder.encode('event: done\ndata: {}\n\n'))
    source?.close()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: done\ndata: {}\n\n')
    expect((await reader.read()).done).toBe(true)
    expect(await claimKey(test.runtime.db, id, test.clock)).toMatchObject({
      kind: 'done',
      answer: {
        status: 200,
        contentType: 'text/event-stream; charset=utf-8',
        body: 'event: heard\ndata: {}\n\nevent: done\ndata: {}\n\n',
      },
    })
  })

  it('gives the key back when the reader of an event stream goes away before anything was written', async () => {
    const id = await claimed()
    const events = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: heard\ndata: {}\n\n'))
      },
    })
    const answer = await asRequest(() =>
      firstAnswer(test.runtime, id, () =>
        Promise.resolve(new Response(events, { headers: { 'content-type': 'text/event-stream' } })),
      ),
    )
    const reader = answer.body?.getReader()
    await reader?.read()
    await reader?.cancel()
    expect(await claimKey(test.runtime.db, id, test.clock)).toMatchObject({ kind: 'claimed' })
  })

  /**
   * A try of `key` by a signed-in person, run on a server that was then killed: it claimed the key,
   * and when `writes` its write committed, but it never kept an answer.
   */
  async function diedHolding({ writes }: { writes: boolean }) {
    const signUp = asAnonymous({ runtime: test.runtime, requestId: randomUUID(), clientIp: '192.0.2.9' })
    const account = await registerWithPassword(signUp, {
      email: `killed-${randomUUID()}@example.test`,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    const userId = account.user.id
    const id = { userId, key: randomUUID(), fingerprint: 'request-a', instanceId: 'a-server-that-was-killed' }
    expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'claimed', takenOver: false })
    if (writes)
      await asRequest(async () => {
        noteIdempotencyKey(id.key)
        await updateProfile(
          actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '192.0.2.9' }, userId),
          {
            firstName: 'Ada',
            lastName: 'Byron',
          },
        )
      })
    return id
  }

  it('marks every event a keyed request writes with its key', async () => {
    const id = await diedHolding({ writes: true })
    const rows = await test.runtime.db
      .selectFrom('events')
      .select('metadata')
      .where('user_id', '=', id.userId)
      .orderBy('global_position')
      .execute()
    const keys = rows.map((row) => (row.metadata as { idempotencyKey?: string }).idempotencyKey)
    // The sign-up was sent without a key; the profile change with one.
    expect(keys[0]).toBeUndefined()
    expect(keys.at(-1)).toBe(id.key)
  })

  it('does not run again a request whose try committed before its server was killed: its repeat answers 500', async () => {
    const id = await diedHolding({ writes: true })
    const repeat = { ...id, instanceId: test.runtime.instanceId }
    const claim = await claimKey(test.runtime.db, repeat, test.clock)
    expect(claim).toEqual({ kind: 'claimed', takenOver: true })
    let ran = false
    const answer = await asRequest(() =>
      firstAnswer(test.runtime, { ...repeat, takenOver: true }, () => {
        ran = true
        return Promise.resolve(Response.json({ success: true }))
      }),
    )
    expect(ran).toBe(false)
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ success: false, code: 'internal_error' })
    // Every later repeat gets the same answer.
    expect(await claimKey(test.runtime.db, repeat, test.clock)).toMatchObject({ kind: 'done', answer: { status: 500 } })
  })

  it('runs again a request whose try was killed before anything of it committed', async () => {
    const id = await diedHolding({ writes: false })
    const repeat = { ...id, instanceId: test.runtime.instanceId }
    expect(await claimKey(test.runtime.db, repeat, test.clock)).toEqual({ kind: 'claimed', takenOver: true })
    const answer = await asRequest(() =>
      firstAnswer(test.runtime, { ...repeat, takenOver: true }, () =>
        Promise.resolve(Response.json({ success: true }, { status: 201 })),
      ),
    )
    expect(answer.status).toBe(201)
    expect(await claimKey(test.runtime.db, repeat, test.clock)).toMatchObject({ kind: 'done', answer: { status: 201 } })
  })
})
