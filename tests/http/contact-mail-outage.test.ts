import { randomUUID } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { dataOf, restClient } from '#tests/support/rest-client.ts'
import { freePort, startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

/** Just enough SMTP for nodemailer: it keeps every message's DATA. */
function startSmtpServer(port: number): Promise<{ messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let data: string | null = null
    let buffer = ''
    socket.write('220 fake-smtp ready\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data !== null) {
          if (line === '.') {
            messages.push(data)
            data = null
            socket.write('250 queued\r\n')
          } else data += `${line}\n`
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n')
        else if (command === 'DATA') {
          data = ''
          socket.write('354 go ahead\r\n')
        } else if (command === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        messages,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          }),
      }),
    ),
  )
}

let database: TestDatabase
let server: RunningServer
let smtpPort: number

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  smtpPort = await freePort()
  // Nothing listens on the SMTP port yet: the mail server is down.
  server = await startBuiltServer({
    DATABASE_URL: database.url ?? '',
    TRUST_PROXY: '1',
    PROJECTION_POLL_MS: '200',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SUPPORT_EMAIL: 'help@interviewhelper.test',
  })
  teardown.add(() => server.stop())
})

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read()
      if (value === undefined) throw new Error(`still waiting for ${what}`)
      return value
    },
    { timeout: timeoutMs, interval: 100 },
  )
}

describe('contact messages during a mail outage', () => {
  it('keeps the message, retries the mail later, and delivers it once the mail server is back', async () => {
    const api = restClient(server.url)
    const subject = `Outage ${randomUUID()}`
    const receipt = dataOf<{ messageId: string; sentVia: string }>(
      await api('POST', '/contact', {
        body: {
          firstName: 'Dev',
          lastName: 'Patel',
          email: 'dev.patel@example.com',
          subject,
          message: 'Is anyone there?',
        },
      }),
    )
    expect(receipt.sentVia).toBe('Interview Helper support inbox')

    const event = await database.db
      .selectFrom('events')
      .select('event_id')
      .where('stream_id', '=', `contact-${receipt.messageId}`)
      .executeTakeFirstOrThrow()
    const dedupeKey = `contact:${event.event_id}`
    const failed = await waitFor(async () => {
      const row = await database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst()
      return row && row.attempts >= 1 && row.last_error ? row : undefined
    }, 'a failed delivery attempt')
    expect(failed.status).toBe('pending')
    expect(failed.to_address).toBe('help@interviewhelper.test')
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now())

    const smtp = await startSmtpServer(smtpPort)
    try {
      // The first retry is due 30 s later; bring it forward instead of waiting.
      await database.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('dedupe_key', '=', dedupeKey)
        .execute()
      const sent = await waitFor(async () => {
        const row = await database.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('dedupe_key', '=', dedupeKey)
          .executeTakeFirst()
        return row?.status === 'sent' ? row : undefined
      }, 'the retried delivery')
      expect(sent.attempts).toBeGreaterThanOrEqual(2)
      expect(sent.delivered_by).toBe('SMTP')
      const delivered = smtp.messages.filter((raw) => raw.includes(subject))
      expect(delivered).toHaveLength(1)
      expect(delivered[0]).toContain('Is anyone there?')
      expect(
        await database.db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', dedupeKey).execute(),
      ).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })
})
