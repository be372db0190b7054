import { z } from 'zod'
import { authorizeSandboxGoogle, exchangeSandboxGoogleCode } from '#server/accounts/sandbox-google.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import {
  authSessionSchema,
  sandboxGoogleAuthorizeInput,
  sandboxGoogleExchangeInput,
} from '#server/trpc/schemas/accounts.ts'

// The web app's own TEST MODE stand-in for Google: no REST route, as no other client should depend on it.

export const sandboxGoogleAuthorize = publicProcedure
  .input(sandboxGoogleAuthorizeInput)
  .output(z.object({ code: z.string() }))
  .mutation(({ ctx, input }) => authorizeSandboxGoogle(ctx.scope, input, ctx))

export const sandboxGoogleExchange = publicProcedure
  .input(sandboxGoogleExchangeInput)
  .output(authSessionSchema)
  .mutation(({ ctx, input }) => exchangeSandboxGoogleCode(ctx.scope, input, ctx))
