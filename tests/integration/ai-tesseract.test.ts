/**
 * Offline OCR with tesseract.js and the English model from node_modules.
 *
 * The fixtures in ai-ocr-fixtures/ are a 960×260 screenshot-like image rendered with ImageMagick
 * (DejaVu fonts) and saved as PNG, JPEG and WebP:
 *   convert -size 960x260 xc:'#f6f8fa' -fill '#1f2328' -font DejaVu-Sans -pointsize 30 \
 *     -annotate +30+60 'Question 3: Write a function that reverses' \
 *     -annotate +30+105 'a linked list in O(n) time.' -font DejaVu-Sans-Mono -pointsize 26 \
 *     -fill '#0550ae' -annotate +30+170 'def reverse(head):' -annotate +30+210 '    prev = None' \
 *     -strip -depth 8 PNG24:question.png
 *   convert question.png -quality 85 -strip question.jpg; convert question.png -quality 85 question.webp
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTesseractRecognizer } from '#server/ai/offline/ocr/tesseract.ts'
import { MediaTooLargeError, RecognizerFailedError, UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'

const fixtures = join(import.meta.dirname, 'ai-ocr-fixtures')
const ocr = createTesseractRecognizer()

afterAll(async () => {
  await ocr.close()
})

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('tesseract.js OCR', () => {
  it.each(['question.png', 'question.jpg', 'question.webp'])('reads the text of %s', async (name) => {
    const before = await readdir(process.cwd())
    const result = await ocr.recognize(await readFile(join(fixtures, name)))
    console.info(`OCR ${name}: ${result.latencyMs} ms, confidence ${result.confidence}`)

    const text = normalise(result.text)
    expect(text).toContain('Question 3: Write a function that reverses a linked list in O(n) time.')
    expect(text).toContain('def reverse(head):')
    expect(text).toContain('prev = None')
    expect(result.confidence).toBeGreaterThan(80)
    expect(result.image).toMatchObject({
      width: 960,
      height: 260,
      mimeType: `image/${name.endsWith('jpg') ? 'jpeg' : name.split('.')[1]}`,
    })
    // The cache is off: tesseract.js would otherwise write eng.traineddata into the working directory.
    expect(await readdir(process.cwd())).toEqual(before)
  })

  it('checks the image header and size before any OCR', async () => {
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000')
    await expect(ocr.recognize(gif)).rejects.toThrow(UnsupportedMediaError)
    await expect(ocr.recognize(gif)).rejects.toThrow(/OCR accepts PNG, JPEG and WebP/)

    const truncatedPng = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    await expect(ocr.recognize(truncatedPng)).rejects.toThrow(/PNG header is damaged or truncated/)

    const png = await readFile(join(fixtures, 'question.png'))
    const huge = Buffer.from(png)
    huge.writeUInt32BE(100_000, 16)
    huge.writeUInt32BE(100_000, 20)
    await expect(ocr.recognize(huge)).rejects.toThrow(MediaTooLargeError)
    await expect(createTesseractRecognizer({ maxBytes: 1_000 }).recognize(png)).rejects.toThrow(MediaTooLargeError)
  })

  it('gives up after its timeout and drops the worker, which may be stuck', async () => {
    const impatient = createTesseractRecognizer({ timeoutMs: 1 })
    const png = await readFile(join(fixtures, 'question.png'))
    for (const attempt of [1, 2]) {
      const error = await impatient.recognize(png).catch((caught: unknown) => caught)
      expect(error, `attempt ${attempt}`).toBeInstanceOf(RecognizerFailedError)
      expect((error as RecognizerFailedError).timedOut).toBe(true)
    }
    await impatient.close()
  })

  it('starts a new worker after close()', async () => {
    const own = createTesseractRecognizer()
    const png = await readFile(join(fixtures, 'question.webp'))
    await own.recognize(png)
    await own.close()
    const again = await own.recognize(png)
    expect(normalise(again.text)).toContain('linked list')
    await own.close()
  })
})
