/**
 * A speech bench sample never ends the bench: a recognizer that times out (PocketSphinx under
 * heavy load) is a failed sample with every word counted wrong.
 */
import { describe, expect, it } from 'vitest'
import { errorRate, failedNote, sample, wordErrors, words } from '#scripts/bench/speech-samples.ts'
import { AiProviderError } from '#server/ai/ai-errors.ts'

describe('speech bench samples', () => {
  it('given a recognizer that times out, when sampled, then it is a failed sample with every word wrong', async () => {
    const timeout = new AiProviderError('PocketSphinx failed (no result within 30000 ms)', {
      code: 'timeout',
      retryable: true,
      provider: 'offline',
    })
    const failed = await sample('What is a hash map?', () => Promise.reject(timeout))
    expect(failed).toMatchObject({ result: undefined, errors: 5, referenceWords: 5 })
    expect(failed.failure).toMatch(/no result within/)
    expect(failedNote([failed])).toMatch(/1 failed/)
  })

  it('given a transcript, when sampled, then its word errors are counted against the reference', async () => {
    const heard = await sample('What is a hash map?', () =>
      Promise.resolve({ text: 'what is a cash map', provider: 'offline', model: 'en-us', latencyMs: 5 }),
    )
    expect(heard.errors).toBe(1)
    expect(errorRate([heard])).toBe(0.2)
    expect(failedNote([heard])).toBe('')
  })

  it('counts substitutions, insertions and deletions', () => {
    expect(wordErrors(words('a b c'), words('a x c d'))).toBe(2)
    expect(wordErrors(words('a b c'), words(''))).toBe(3)
  })
})
