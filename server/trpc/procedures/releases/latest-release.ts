import { checkForUpdate } from '#server/releases/release-view.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { updateCheckInput, updateCheckSchema } from '#server/trpc/schemas/releases.ts'

export const latestRelease = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/app/releases/latest',
      operationId: 'app-releases-latest',
      tags: ['app'],
      summary: 'Check for a newer desktop app',
      description:
        'The newest published release for the platform and whether it is newer than `current` (semantic-version order). `latest` is null while nothing is published; the app should check the downloaded file against `sha256`.',
      protect: false,
    },
  })
  .input(updateCheckInput)
  .output(updateCheckSchema)
  .query(({ ctx, input }) => checkForUpdate(ctx.db, input, ctx.siteUrl ?? ctx.runtime.config.publicUrl))
