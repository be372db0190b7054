import { z } from 'zod'
import type { TestDatabase } from './databases.ts'

/** One mail as the development mailbox holds it, newest first. */
type Mail = { to: string; text: string }

/** Reads the mailbox once; `mailedToken` asks again until the mail it waits for is there. */
export type MailSource = () => Promise<Mail[]>

/** The confirmation link's token in a mailed text. */
const confirmationLink = /email-confirmed\?token=([\w-]+)/

const mailboxAnswer = z.object({
  result: z.object({ data: z.object({ messages: z.array(z.object({ to: z.string(), text: z.string() })) }) }),
})

/** The development mailbox over HTTP (`site.devMailbox`), as one client address when `ip` is given. */
export function httpMailbox(baseUrl: string, ip?: string): MailSource {
  return async () => {
    const response = await fetch(
      `${baseUrl}/api/trpc/site.devMailbox`,
      ip ? { headers: { 'x-forwarded-for': ip } } : {},
    )
    return mailboxAnswer.parse(await response.json()).result.data.messages
  }
}

/** The development mailbox read from its table, for tests that run the services in process. */
export function databaseMailbox(database: TestDatabase): MailSource {
  return async () => {
    const rows = await database.db
      .selectFrom('dev_mailbox')
      .select(['to_address', 'text_body'])
      .orderBy('created_at', 'desc')
      .execute()
    return rows.map((row) => ({ to: row.to_address, text: row.text_body }))
  }
}

/**
 * Waits until the newest mail to `email` carries `pattern` (mail is delivered by a background job)
 * and answers the pattern's first group, URL-decoded. Its own wait, not `vi.waitFor`: the soak and
 * load scripts sign people up with it outside Vitest.
 */
export async function mailedToken(
  source: MailSource,
  email: string,
  pattern: RegExp = confirmationLink,
): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const token = (await source()).find((mail) => mail.to === email)?.text.match(pattern)?.[1]
    if (token !== undefined) return decodeURIComponent(token)
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
