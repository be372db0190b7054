import { DomainError } from '#events/domain-error.ts'
import { fullLineRetrySeconds, maxQuestionAudioSeconds, maxScreenshotPixels } from '#rules/media-limits.ts'
import type { RateLimitState } from '#server/accounts/rate-limit-state.ts'
import { sniffAudio } from '#server/ai/audio-header.ts'
import { recordingSeconds } from '#server/ai/audio-length/recording-length.ts'

export const mediaRefusals = {
  imageTooLarge: (width: number, height: number) =>
    `the screenshot is ${width}×${height} pixels; at most ${maxScreenshotPixels} pixels (4096×4096) are read. Send a smaller or cropped capture.`,
  audioTooLong: (seconds: number) =>
    `the recording lasts ${seconds.toFixed(1)} s; a spoken question may last at most ${maxQuestionAudioSeconds} s.`,
} as const

/** Refuses a screenshot with more pixels than are read, from the dimensions in its header. */
export function refuseOversizedImage(failure: string, image: { width: number; height: number }): void {
  if (image.width * image.height > maxScreenshotPixels)
    throw new DomainError('image-too-large', `${failure}: ${mediaRefusals.imageTooLarge(image.width, image.height)}`)
}

/**
 * Refuses a recording longer than a spoken question, from its header and container, in every
 * accepted format (decision 0112): neither this machine's recogniser nor the provider decodes it.
 * Bytes of no accepted format are left to the caller's 415.
 */
export function refuseOverlongRecording(failure: string, audio: Uint8Array): void {
  const recording = sniffAudio(audio)
  if (!recording) return
  const seconds = recordingSeconds(audio, recording.format)
  if (seconds > maxQuestionAudioSeconds)
    throw new DomainError('audio-too-long', `${failure}: ${mediaRefusals.audioTooLong(seconds)}`)
}

/** `queue-full`, telling the client when to come back (Retry-After and the RateLimit headers). */
export class QueueFullRefusal extends DomainError {
  readonly rateLimit: RateLimitState
  constructor(message: string, line: { waiting: number; running: number }) {
    super('queue-full', message)
    this.rateLimit = {
      policy: 'recogniser-line',
      quota: line.waiting + line.running,
      windowSeconds: fullLineRetrySeconds,
      remaining: 0,
      resetSeconds: fullLineRetrySeconds,
    }
  }
}
