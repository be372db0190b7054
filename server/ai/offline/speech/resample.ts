/**
 * Band-limited resampling (windowed sinc). When downsampling, the filter cuts below the new
 * Nyquist frequency first, so e.g. espeak's 22 kHz speech does not alias into the band the
 * recognizer listens to.
 */
import type { MonoAudio } from './wav.ts'

const zeroCrossings = 16
// Common rate pairs need few filter phases (22050→16000: 320, 44100→16000: 160, 48000→16000: 1).
const maxTablePhases = 4_096

export function resample(audio: MonoAudio, targetRate: number): MonoAudio {
  const { sampleRate, samples } = audio
  if (sampleRate === targetRate) return audio
  const divisor = gcd(sampleRate, targetRate)
  const up = targetRate / divisor
  const down = sampleRate / divisor
  // Slightly under the Nyquist frequency to leave room for the filter's transition band.
  const cutoff = Math.min(1, targetRate / sampleRate) * 0.95
  const halfWidth = Math.ceil(zeroCrossings / cutoff)
  const taps = 2 * halfWidth
  // Output sample n sits at input position n·down/up: an integer part and one of `up` phases.
  const weightsFor = (phase: number) =>
    Float64Array.from({ length: taps }, (_, j) => kernel(phase / up + halfWidth - 1 - j, cutoff, halfWidth))
  const table = up <= maxTablePhases ? Array.from({ length: up }, (_, phase) => weightsFor(phase)) : undefined

  const length = Math.floor((samples.length * up) / down)
  const output = new Float32Array(length)
  for (let n = 0; n < length; n += 1) {
    const position = n * down
    const base = Math.floor(position / up)
    const phase = position % up
    const weights = table?.[phase] ?? weightsFor(phase)
    const first = base - halfWidth + 1
    let sum = 0
    for (let j = Math.max(0, -first); j < taps; j += 1) {
      const k = first + j
      if (k >= samples.length) break
      sum += (samples[k] ?? 0) * (weights[j] ?? 0)
    }
    output[n] = sum
  }
  return { sampleRate: targetRate, samples: output }
}

function kernel(distance: number, cutoff: number, halfWidth: number): number {
  return cutoff * sinc(cutoff * distance) * blackman(distance / halfWidth)
}

function sinc(x: number): number {
  if (x === 0) return 1
  const px = Math.PI * x
  return Math.sin(px) / px
}

/** The Blackman window over [-1, 1]. */
function blackman(x: number): number {
  if (x <= -1 || x >= 1) return 0
  const t = (x + 1) / 2
  return 0.42 - 0.5 * Math.cos(2 * Math.PI * t) + 0.08 * Math.cos(4 * Math.PI * t)
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}
