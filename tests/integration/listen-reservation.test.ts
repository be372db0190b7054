/**
 * The recognizer's `listen` counts an utterance against its bounds (per person, in all) before it
 * waits for the decoder to start: parallel opens on a cold engine cannot all pass, and an open that
 * fails gives its place back. Needs PocketSphinx.
 */
import { describe, expect, it } from 'vitest'
import { QueueFullError } from '#server/ai/concurrency-limit.ts'
import { RecognizerUnavailableError } from '#server/ai/recognizer-errors.ts'
import { createPocketSphinxRecognizer } from '#server/ai/offline/speech/pocketsphinx.ts'

describe('opening utterances on a recognizer whose decoder has not started', () => {
  it('lets through only as many parallel opens as its bounds allow', async () => {
    const cold = createPocketSphinxRecognizer({ openPerPerson: 2, maxOpen: 3 })
    try {
      const settled = await Promise.allSettled([
        ...Array.from({ length: 5 }, () => cold.listen('someone')),
        ...Array.from({ length: 3 }, () => cold.listen('someone else')),
      ])
      const opened = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      expect(opened).toHaveLength(3)
      for (const result of settled)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(QueueFullError)
      for (const stream of opened) stream.cancel()
    } finally {
      await cold.close()
    }
  })

  it('gives the place of an open that failed back', async () => {
    const missing = createPocketSphinxRecognizer({ searchPath: '/nonexistent', openPerPerson: 1, maxOpen: 1 })
    for (let attempt = 0; attempt < 3; attempt += 1)
      await expect(missing.listen('someone')).rejects.toBeInstanceOf(RecognizerUnavailableError)
    await missing.close()
  })
})
