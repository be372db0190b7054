import { z } from 'zod'
import { latestReleases } from '#server/releases/release-view.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { latestReleasesSchema } from '#server/trpc/schemas/releases.ts'

/** The download page's builds: the newest release of each platform from the catalogue. */
export const releases = publicProcedure
  .input(z.void())
  .output(latestReleasesSchema)
  .query(({ ctx }) => latestReleases(ctx.db))
