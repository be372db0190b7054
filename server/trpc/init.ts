import { initTRPC, TRPCError } from '@trpc/server'
import { findUnstorableText, unstorableTextError } from '#rules/storable-text.ts'
import type { OpenApiMeta } from 'trpc-to-openapi'
import { ZodError } from 'zod'
import { isSignedIn } from '#server/request-scope.ts'
import { createCallerLanes } from './call-limits.ts'
import { scopeOf, type Context } from './context.ts'
import { domainErrorOf, publicCodeOfError, toTrpcError } from './domain-errors.ts'
import { inputIssues, readableIssues, type InputIssue } from './zod-message.ts'

export const internalErrorMessage = 'Internal server error'

export const signInRequiredMessage = 'Sign in to continue: a valid access token is required'

export const supportOnlyMessage = 'This action is for support staff only'

/**
 * A procedure's REST route, the largest body it reads when its input is bigger than plain JSON's,
 * and whether a call costs much CPU or AI time (each caller's such calls wait in a short lane).
 */
export type ProcedureMeta = OpenApiMeta & { maxBodyBytes?: number; expensive?: true }

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never attach stack traces, whatever NODE_ENV says: `npm start` runs without production mode.
    isDev: false,
    errorFormatter({ shape, error }) {
      const issues: InputIssue[] | undefined =
        error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? inputIssues(error.cause) : undefined
      const message = issues
        ? readableIssues(issues)
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? internalErrorMessage
          : shape.message
      return {
        message,
        code: shape.code,
        data: {
          code: shape.data.code,
          // The stable, snake_case code of the REST envelope, for tRPC callers too.
          errorCode: publicCodeOfError(error),
          // Facts a program acts on, e.g. the id of the session already active.
          details: domainErrorOf(error)?.details,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues,
        },
      }
    },
  })

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/**
 * Business refusals (DomainError) become the matching HTTP status with their own message, whether
 * the step threw them or a later middleware or the procedure did.
 */
async function refusalsAnswered<Result extends { ok: true } | { ok: false; error: TRPCError }>(
  step: () => Promise<Result>,
): Promise<Result> {
  let result: Result
  try {
    result = await step()
  } catch (error) {
    const refusal = domainErrorOf(error)
    throw refusal ? toTrpcError(refusal) : error
  }
  const refusal = result.ok ? undefined : domainErrorOf(result.error.cause ?? result.error)
  if (refusal) throw toTrpcError(refusal)
  return result
}

/**
 * Text the database cannot store never reaches a procedure: refused before the input is parsed,
 * naming the field, so nothing is written and no sealed event can stop a projection later.
 */
async function refuseUnstorableInput(getRawInput: () => Promise<unknown>): Promise<void> {
  const unstorableAt = findUnstorableText(await getRawInput())
  if (unstorableAt !== undefined)
    throw new TRPCError({ code: 'BAD_REQUEST', message: unstorableTextError(unstorableAt) })
}

const inCallerLane = createCallerLanes()

/** An expensive call waits in its caller's lane: the person's once signed in, else the client address's. */
function runnable<T>(ctx: Context, meta: ProcedureMeta | undefined, call: () => Promise<T>): Promise<T> {
  if (!meta?.expensive) return call()
  return inCallerLane(ctx.user ? `user:${ctx.user.id}` : `address:${ctx.clientIp}`, call)
}

// Each step is one middleware, not one each: tRPC copies the call's options and context at every
// middleware level, which cost more than the steps themselves (decision 0057).

/** Refusals answered, unstorable input refused, and the request scope the services take, built once for the call. */
export const publicProcedure = t.procedure.use(({ ctx, meta, getRawInput, next }) =>
  refusalsAnswered(async () => {
    await refuseUnstorableInput(getRawInput)
    return runnable(ctx, meta, () => next({ ctx: { scope: scopeOf(ctx) } }))
  }),
)

/** The same, and only for a signed-in person. */
export const signedInProcedure = t.procedure.use(({ ctx, meta, getRawInput, next }) =>
  refusalsAnswered(async () => {
    await refuseUnstorableInput(getRawInput)
    const scope = scopeOf(ctx)
    const { user } = ctx
    if (!user || !isSignedIn(scope)) throw new TRPCError({ code: 'UNAUTHORIZED', message: signInRequiredMessage })
    return runnable(ctx, meta, () => next({ ctx: { user, scope } }))
  }),
)

export const supportProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'support') throw new TRPCError({ code: 'FORBIDDEN', message: supportOnlyMessage })
  return next({ ctx: { user: { ...ctx.user, role: 'support' as const } } })
})
