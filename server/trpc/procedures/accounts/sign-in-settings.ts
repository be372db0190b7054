import { z } from 'zod'
import { sandboxGoogleOffered } from '#server/accounts/sandbox-google.ts'
import { devMailboxOpen } from '#server/mail/dev-mailbox-open.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { authSettingsSchema } from '#server/trpc/schemas/accounts.ts'

/** What the browser needs to know to sign people in; the anon key is public by design. */
export const signInSettings = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/settings',
      operationId: 'auth-settings',
      tags: ['auth'],
      summary: 'How sign-in works on this server',
      protect: false,
    },
  })
  .input(z.void())
  .output(authSettingsSchema)
  .query(({ ctx }) => {
    const supabase = ctx.runtime.config.auth.supabase
    return {
      mode: supabase ? ('supabase' as const) : ('embedded' as const),
      supabaseUrl: supabase?.url ?? null,
      supabaseAnonKey: supabase?.anonKey ?? null,
      googleSandbox: sandboxGoogleOffered(ctx.runtime, ctx),
      devMailbox: devMailboxOpen(ctx.runtime.config),
    }
  })
