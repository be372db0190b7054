import { z } from 'zod'
import { publicProcedure } from '#server/trpc/init.ts'

const siteSettingsSchema = z.object({
  gaMeasurementId: z.string().nullable(),
  supportEmail: z.string().nullable(),
})

/** The public parts of the configuration the marketing pages need; the browser never imports app.config.ts. */
export const settings = publicProcedure
  .input(z.void())
  .output(siteSettingsSchema)
  .query(({ ctx }) => {
    const { site } = ctx.runtime.config
    return {
      gaMeasurementId: site.gaMeasurementId ?? null,
      supportEmail: site.supportEmail ?? null,
    }
  })
