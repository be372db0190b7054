/**
 * The confidence an OpenAI-compatible transcription reports about itself, 0–1, or undefined when
 * its answer has no such signal (decision 0055; a number is never made up). Two shapes carry one:
 *
 * - `verbose_json` (whisper-1 and Whisper servers): per segment `avg_logprob` (mean log
 *   probability of its tokens) and `no_speech_prob`. A segment's confidence is
 *   exp(avg_logprob) · (1 − no_speech_prob), the geometric-mean token probability discounted by
 *   the chance that there was no speech at all; segments are weighted by their duration.
 * - `logprobs` (gpt-4o-transcribe with `include: ["logprobs"]`): exp of the mean token log probability.
 */
import { z } from 'zod'

const segmentSchema = z.object({
  start: z.number().optional(),
  end: z.number().optional(),
  avg_logprob: z.number(),
  no_speech_prob: z.number().min(0).max(1).optional(),
})

const bodySchema = z.object({
  segments: z.array(z.unknown()).optional(),
  logprobs: z.array(z.object({ logprob: z.number() })).optional(),
})

export function transcriptionConfidence(body: unknown): number | undefined {
  const parsed = bodySchema.safeParse(body)
  if (!parsed.success) return undefined
  const segments = (parsed.data.segments ?? []).flatMap((segment) => {
    const read = segmentSchema.safeParse(segment)
    return read.success ? [read.data] : []
  })
  if (segments.length > 0) {
    let weighted = 0
    let total = 0
    for (const segment of segments) {
      const seconds = Math.max(0.01, (segment.end ?? 0) - (segment.start ?? 0))
      weighted += seconds * Math.exp(Math.min(0, segment.avg_logprob)) * (1 - (segment.no_speech_prob ?? 0))
      total += seconds
    }
    return rounded(weighted / total)
  }
  const tokens = parsed.data.logprobs ?? []
  if (tokens.length === 0) return undefined
  const mean = tokens.reduce((sum, token) => sum + Math.min(0, token.logprob), 0) / tokens.length
  return rounded(Math.exp(mean))
}

const rounded = (value: number) => Math.round(value * 1000) / 1000
