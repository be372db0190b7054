import { z } from 'zod'

export const userIdInput = z.object({ userId: z.string().trim().min(1, 'userId is required').max(100) })
