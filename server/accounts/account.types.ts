import { z } from 'zod'

/** A person as the API shows them: the account's profile, dates as ISO 8601 strings. */
export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    avatar_url: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(['user', 'support']),
    emailConfirmed: z.boolean(),
    providers: z.array(z.enum(['password', 'supabase', 'google'])),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    lastLoginAt: z.string().nullable().meta({ description: 'ISO 8601; null before the first sign-in' }),
  })
  .meta({ id: 'User' })

export type User = z.infer<typeof userSchema>
