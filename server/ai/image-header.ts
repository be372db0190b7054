/**
 * Identifies PNG, JPEG and WebP images by their magic bytes and reads their dimensions from the
 * header, so an image is checked (format, pixel count) before anything decodes it. A few kilobytes
 * can declare a gigapixel image; decoding that would exhaust memory.
 */
import { MediaUnreadableError, UnsupportedMediaError } from './recognizer-errors.ts'
import { asciiAt } from '#server/ai/ascii-at.ts'

type ImageFormat = 'png' | 'jpeg' | 'webp'
export type ImageInfo = { format: ImageFormat; mimeType: `image/${ImageFormat}`; width: number; height: number }

const acceptedImageFormats = ['image/png', 'image/jpeg', 'image/webp'] as const

export function readImageInfo(bytes: Uint8Array): ImageInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const size = (() => {
    if (isPng(bytes)) return { format: 'png' as const, ...pngSize(bytes, view) }
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
      return { format: 'jpeg' as const, ...jpegSize(bytes, view) }
    if (asciiAt(bytes, 0, 4) === 'RIFF' && asciiAt(bytes, 8, 4) === 'WEBP')
      return { format: 'webp' as const, ...webpSize(bytes, view) }
    throw unsupported('the bytes are not a PNG, JPEG or WebP image')
  })()
  if (!size.width || !size.height)
    throw new MediaUnreadableError(
      `The image cannot be read: the ${size.format.toUpperCase()} header is damaged or truncated.`,
    )
  return { format: size.format, mimeType: `image/${size.format}`, width: size.width, height: size.height }
}

type Size = { width: number; height: number } | { width: undefined; height: undefined }
const unknownSize: Size = { width: undefined, height: undefined }

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
function isPng(bytes: Uint8Array) {
  return pngSignature.every((byte, index) => bytes[index] === byte)
}

function pngSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.byteLength < 24 || asciiAt(bytes, 12, 4) !== 'IHDR') return unknownSize
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the dimensions. */
function jpegSize(bytes: Uint8Array, view: DataView): Size {
  let offset = 2
  while (offset + 9 < bytes.byteLength) {
    if (bytes[offset] !== 0xff) return unknownSize
    const marker = bytes[offset + 1] ?? 0
    if (marker === 0xff) {
      offset += 1
      continue
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isStartOfFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    offset += 2 + view.getUint16(offset + 2)
  }
  return unknownSize
}

function webpSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.byteLength < 30) return unknownSize
  const chunk = asciiAt(bytes, 12, 4)
  if (chunk === 'VP8 ') {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    const width = 1 + ((bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16))
    const height = 1 + ((bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16))
    return { width, height }
  }
  return unknownSize
}

function unsupported(problem: string): UnsupportedMediaError {
  return new UnsupportedMediaError(
    `Unsupported image: ${problem}. OCR accepts PNG, JPEG and WebP screenshots.`,
    acceptedImageFormats,
  )
}
