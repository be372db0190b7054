import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { devMailboxOpen } from '#server/mail/dev-mailbox-open.ts'
import { publicProcedure } from '#server/trpc/init.ts'

export const devMailboxPath = '/dev/mailbox'

const mailboxOutput = z
  .object({
    messages: z
      .array(
        z.object({
          id: z.string(),
          to: z.string().meta({ description: 'The address the mail was sent to' }),
          subject: z.string(),
          text: z.string().meta({ description: 'The plain-text body, with its links written out' }),
          html: z.string(),
          createdAt: z.string(),
        }),
      )
      .meta({ description: 'The newest 100 mails, newest first' }),
  })
  .meta({ id: 'DevMailbox' })

/**
 * The development mailbox: it holds live confirmation and reset links, so it exists only while
 * mail goes nowhere else (no SMTP, not production) and answers only callers on this machine, by
 * the socket's address (a forwarded address can be made up).
 */
export const devMailbox = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: devMailboxPath,
      operationId: 'dev-mailbox',
      tags: ['development'],
      summary: 'The mail this development server kept instead of sending (confirmation and reset links)',
      description:
        "For trying the API on a development server: the mail it would have sent, such as the confirmation link whose `token` POST /auth/confirm-email takes. It exists only while mail goes nowhere else: not in production, and not when SMTP is configured (then `devMailbox` is false in GET /auth/settings, this operation is absent from the document, and the path answers 404). It answers only callers on the server's own machine (loopback, by the connection's address; a forwarded address does not count), and 404 to anyone else.",
      protect: false,
    },
  })
  .input(z.void())
  .output(mailboxOutput)
  .query(async ({ ctx }) => {
    if (!devMailboxOpen(ctx.runtime.config) || !ctx.fromLoopback)
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
