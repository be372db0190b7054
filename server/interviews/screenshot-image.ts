import { DomainError } from '#events/domain-error.ts'
import { readImageInfo } from '#server/ai/image-header.ts'
import { callAi } from './ai-calls.ts'
import { refuseOversizedImage } from './media-limits.ts'

const maxImageBytes = 5 * 1024 * 1024
const failure = 'Failed to analyze screenshot'

export const screenshotRefusals = {
  tooLarge: 'image must be at most 5 MB',
  notBase64: 'image must be base64 data or a data: URL',
} as const

const imageTooLarge = () => new DomainError('too-large', screenshotRefusals.tooLarge)

/** Accepts a data URL or bare base64; the format is read from the bytes, not trusted from a label. */
export async function decodeScreenshot(image: string) {
  const base64 = image.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) throw new DomainError('bad-request', screenshotRefusals.notBase64)
  // Four base64 characters carry three bytes: a longer text is too large before it is decoded.
  if (Math.floor((base64.replace(/=+$/, '').length * 3) / 4) > maxImageBytes) throw imageTooLarge()
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.byteLength > maxImageBytes) throw imageTooLarge()
  const info = await callAi(failure, () => Promise.resolve(readImageInfo(bytes)))
  refuseOversizedImage(failure, info)
  return { bytes: new Uint8Array(bytes), mimeType: info.mimeType }
}
