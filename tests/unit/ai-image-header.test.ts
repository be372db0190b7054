import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readImageInfo } from '#server/ai/image-header.ts'
import { MediaUnreadableError, UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'

const fixtures = join(import.meta.dirname, '..', 'integration', 'ai-ocr-fixtures')

describe('readImageInfo', () => {
  it.each([
    ['question.png', 'image/png'],
    ['question.jpg', 'image/jpeg'],
    ['question.webp', 'image/webp'],
  ])('reads the format and size of %s', async (name, mimeType) => {
    expect(readImageInfo(await readFile(join(fixtures, name)))).toMatchObject({ mimeType, width: 960, height: 260 })
  })

  it('reads lossless and extended WebP headers', () => {
    const riff = (chunk: string, body: number[]) =>
      Uint8Array.from(
        Array.from('RIFF', (c) => c.charCodeAt(0)).concat(
          [0, 0, 0, 0],
          Array.from(`WEBP${chunk}`, (c) => c.charCodeAt(0)),
          [0, 0, 0, 0],
          body,
          new Array<number>(20).fill(0),
        ),
      )
    // VP8L: signature 0x2f, then 14-bit width-1 and height-1.
    const widthMinus1 = 639
    const heightMinus1 = 479
    const bits = widthMinus1 | (heightMinus1 << 14)
    expect(
      readImageInfo(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff])),
    ).toMatchObject({ width: 640, height: 480 })
    // VP8X: flags and reserved bytes, then 24-bit width-1 and height-1.
    expect(readImageInfo(riff('VP8X', [0, 0, 0, 0, 0x7f, 0x07, 0, 0x37, 0x04, 0]))).toMatchObject({
      width: 1920,
      height: 1080,
    })
  })

  it('rejects other formats and damaged headers', () => {
    expect(() => readImageInfo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(
      UnsupportedMediaError,
    )
    expect(() => readImageInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toThrow(
      /JPEG header is damaged or truncated/,
    )
    // A recognised format whose header cannot be read is another failure than a format not accepted.
    expect(() => readImageInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toThrow(MediaUnreadableError)
  })
})
