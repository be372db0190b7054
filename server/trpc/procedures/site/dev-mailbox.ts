import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { publicProcedure } from '#server/trpc/init.ts'

const mailboxOutput = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
})

/**
 * The development mailbox: it holds live confirmation and reset links, so it exists only while
 * mail goes nowhere else (no SMTP, not production) and answers only callers on this machine, by
 * the socket's address (a forwarded address can be made up).
 */
export const devMailbox = publicProcedure
  .input(z.void())
  .output(mailboxOutput)
  .query(async ({ ctx }) => {
    const { config } = ctx.runtime
    if (config.isProduction || config.mail.smtpUrl !== undefined || !ctx.fromLoopback)
      throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' })
    const rows = await ctx.db.selectFrom('dev_mailbox').selectAll().orderBy('created_at', 'desc').limit(100).execute()
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        createdAt: row.created_at.toISOString(),
      })),
    }
  })
