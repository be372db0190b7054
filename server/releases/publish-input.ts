import { z } from 'zod'
import { releasePlatforms } from '#rules/release-platforms.ts'
import { isVersion } from './versions.ts'

/** A file name that is safe in a URL path and a Content-Disposition header as it is. */
export const releaseFileName = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/

const version = z.string().trim().refine(isVersion, 'must be a semantic version such as 1.2.0 or 1.3.0-beta.1')

/** What `npm run release:publish` accepts: a local file to store and serve, or an external URL with its checksum and size. */
export const publishInputSchema = z
  .object({
    platform: z.enum(releasePlatforms, { message: `must be one of ${releasePlatforms.join(', ')}` }),
    version: version.optional(),
    notes: z.string().trim().max(5000, 'must be at most 5000 characters').default(''),
    file: z.string().min(1).optional(),
    url: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
    sha256: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be the SHA-256 of the file: 64 hexadecimal digits')
      .transform((value) => value.toLowerCase())
      .optional(),
    size: z.coerce.number().int('must be a whole number of bytes').positive('must be the size in bytes').optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.file === undefined) === (input.url === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['file'],
        message: 'give either --file (stored here) or --url (hosted elsewhere)',
      })
    if (input.url !== undefined) {
      for (const name of ['sha256', 'size'] as const)
        if (input[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `is required with --url: the site shows it and the app checks it`,
          })
    }
    if (input.file !== undefined)
      for (const name of ['sha256', 'size'] as const)
        if (input[name] !== undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'is measured from --file; give it only with --url' })
  })

export type PublishInput = z.infer<typeof publishInputSchema>
