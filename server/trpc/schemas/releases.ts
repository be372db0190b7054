import { z } from 'zod'
import { releasePlatforms } from '#rules/release-platforms.ts'
import { isVersion } from '#server/releases/versions.ts'

const platformSchema = z
  .enum(releasePlatforms, { message: `platform must be one of ${releasePlatforms.join(', ')}` })
  .meta({ description: 'The operating system the desktop app runs on' })

export const updateCheckInput = z.object({
  platform: platformSchema,
  current: z
    .string()
    .trim()
    .max(100)
    .refine(isVersion, 'current must be a semantic version such as 1.0.0')
    .meta({ description: 'The version the app runs (semantic version, e.g. 1.0.0)', examples: ['1.0.0'] }),
})

const publishedReleaseSchema = z
  .object({
    platform: platformSchema,
    version: z.string().meta({ description: 'Semantic version', examples: ['1.2.0'] }),
    fileName: z.string(),
    url: z.string().meta({ description: 'Where to download it (counted; may redirect to where it is hosted)' }),
    size: z.number().int().positive().meta({ description: 'Size in bytes' }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'SHA-256 of the file, lower-case hex' }),
    notes: z.string().meta({ description: 'Release notes (plain text, may be empty)' }),
    publishedAt: z.iso.datetime(),
  })
  .meta({ id: 'Release' })

export const updateCheckSchema = z
  .object({
    updateAvailable: z.boolean().meta({ description: 'Whether `latest` is newer than `current`' }),
    current: z.string(),
    latest: publishedReleaseSchema.nullable().meta({ description: 'The newest release; null while none is published' }),
  })
  .meta({ id: 'UpdateCheck' })

export const latestReleasesSchema = z.object({
  windows: publishedReleaseSchema.nullable(),
  mac: publishedReleaseSchema.nullable(),
  linux: publishedReleaseSchema.nullable(),
})
