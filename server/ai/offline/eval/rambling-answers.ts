import { z } from 'zod'
import ramblingData from './rambling-answers.json' with { type: 'json' }

/**
 * Spoken answers as people ramble them (fillers, restarts, run-ons, a trailing "so yeah"), each
 * with the facts a rewrite must keep.
 */
export const ramblingAnswers = z
  .array(z.object({ answer: z.string().min(1), facts: z.array(z.string().min(1)) }))
  .min(1)
  .parse(ramblingData)
