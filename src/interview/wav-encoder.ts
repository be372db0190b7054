/** Joins recorded sample blocks into one buffer. */
export function concatSamples(chunks: readonly Float32Array[]): Float32Array {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  const samples = new Float32Array(length)
  let offset = 0
  for (const chunk of chunks) {
    samples.set(chunk, offset)
    offset += chunk.length
  }
  return samples
}

/** Float samples in [-1, 1] (clipped outside) to signed 16-bit integers. */
export function toPcm16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, Number.isFinite(sample) ? sample : 0))
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff)
}

const headerBytes = 44
const fmtChunkBytes = 16
const pcmFormat = 1
const monoChannels = 1
const bytesPerSample = 2

/** A 16-bit PCM mono RIFF/WAVE file: the format every transcriber accepts, the offline one included. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError(`sample rate must be a positive integer, got ${sampleRate}`)
  const dataBytes = samples.length * bytesPerSample
  const buffer = new ArrayBuffer(headerBytes + dataBytes)
  const view = new DataView(buffer)
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index))
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + dataBytes, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, fmtChunkBytes, true)
  view.setUint16(20, pcmFormat, true)
  view.setUint16(22, monoChannels, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * monoChannels * bytesPerSample, true)
  view.setUint16(32, monoChannels * bytesPerSample, true)
  view.setUint16(34, bytesPerSample * 8, true)
  ascii(36, 'data')
  view.setUint32(40, dataBytes, true)
  for (let index = 0; index < samples.length; index += 1)
    view.setInt16(headerBytes + index * bytesPerSample, toPcm16(samples[index] ?? 0), true)
  return buffer
}
