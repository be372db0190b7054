import { z } from 'zod'
import { checkResetLink as check } from '#server/accounts/password-reset.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { checkResetLinkInput } from '#server/trpc/schemas/accounts.ts'
import { requireEmbeddedIdentity } from './embedded-only.ts'

// The web page's probe before it shows the new-password form; the desktop app never opens reset links.
export const checkResetLink = publicProcedure
  .input(checkResetLinkInput)
  .output(z.object({ usable: z.literal(true) }))
  // A mutation only for the transport: POST keeps the token out of URLs and access logs.
  .mutation(({ ctx, input }) => {
    requireEmbeddedIdentity(ctx.runtime, 'Password reset')
    return check(ctx.scope, input)
  })
