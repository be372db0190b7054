import {
  confirmEnrolment,
  listAuthenticators,
  removeAuthenticator,
  renameAuthenticator,
  startEnrolment,
} from '#server/accounts/second-step/authenticators.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import {
  authenticatorsSchema,
  confirmEnrolmentInput,
  confirmedEnrolmentSchema,
  enrolmentSchema,
  removeAuthenticatorInput,
  renameAuthenticatorInput,
  startEnrolmentInput,
} from '#server/trpc/schemas/second-step.ts'
import { z } from 'zod'
import { requireBackendFactors } from './embedded-only.ts'

export const authenticatorsProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/account/authenticators',
      operationId: 'account-authenticators',
      tags: ['account'],
      summary: 'List the authenticator apps of two-step sign-in',
      description: 'Names and dates only: a secret is shown once, when the app is added.',
      protect: true,
    },
  })
  .input(z.void())
  .output(authenticatorsSchema)
  .query(({ ctx }) => {
    requireBackendFactors(ctx.runtime)
    return listAuthenticators(ctx.scope)
  })

export const startEnrolmentProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/authenticators',
      operationId: 'account-addAuthenticator',
      tags: ['account'],
      summary: 'Start adding an authenticator app',
      description:
        'Answers the new secret (this once) and its QR code. It counts for nothing until POST /account/authenticators/confirm with a first code.',
      protect: true,
    },
  })
  .input(startEnrolmentInput)
  .output(enrolmentSchema)
  .mutation(({ ctx, input }) => {
    requireBackendFactors(ctx.runtime)
    return startEnrolment(ctx.scope, input)
  })

export const confirmEnrolmentProcedure = signedInProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/account/authenticators/confirm',
      operationId: 'account-confirmAuthenticator',
      tags: ['account'],
      summary: 'Confirm an authenticator app with its first code',
      description:
        'From then on sign-in asks for a code. With the first authenticator, ten single-use recovery codes are answered, this once.',
      protect: true,
    },
  })
  .input(confirmEnrolmentInput)
  .output(confirmedEnrolmentSchema)
  .mutation(({ ctx, input }) => {
    requireBackendFactors(ctx.runtime)
    return confirmEnrolment(ctx.scope, input)
  })

export const renameAuthenticatorProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/authenticators/rename',
      operationId: 'account-renameAuthenticator',
      tags: ['account'],
      summary: 'Rename an authenticator app',
      protect: true,
    },
  })
  .input(renameAuthenticatorInput)
  .output(authenticatorsSchema)
  .mutation(({ ctx, input }) => {
    requireBackendFactors(ctx.runtime)
    return renameAuthenticator(ctx.scope, input)
  })

export const removeAuthenticatorProcedure = signedInProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/account/authenticators/remove',
      operationId: 'account-removeAuthenticator',
      tags: ['account'],
      summary: 'Remove an authenticator app',
      description:
        'Every other session is signed out; this one stays. Removing the last one turns two-step sign-in off and needs the password and a current code.',
      protect: true,
    },
  })
  .input(removeAuthenticatorInput)
  .output(authenticatorsSchema)
  .mutation(({ ctx, input }) => {
    requireBackendFactors(ctx.runtime)
    return removeAuthenticator(ctx.scope, { sessionId: ctx.user.sessionId, ...input })
  })
