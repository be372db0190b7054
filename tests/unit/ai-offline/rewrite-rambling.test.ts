import { describe, expect, it } from 'vitest'
import { detectFillers } from '#server/ai/offline/communication/fillers.ts'
import { improveText } from '#server/ai/offline/communication/improve-text.ts'
import { stutters } from '#server/ai/offline/communication/repetition.ts'
import { LONG_SENTENCE_WORDS } from '#server/ai/offline/communication/score.ts'
import { splitIntoSentences, tokenizeWords } from '#server/ai/offline/communication/words.ts'
import { evaluateRewrites } from '#server/ai/offline/eval/rewrite-evaluation.ts'
import { ramblingAnswers as rambling } from '#server/ai/offline/eval/rambling-answers.ts'

/** Numbers and capitalised words that do not start a sentence: the names a rewrite must keep. */
function namesAndNumbers(text: string): string[] {
  const words = tokenizeWords(text)
  return words
    .filter(
      (w, i) =>
        /\d/.test(w.text) ||
        (/^[A-Z]/.test(w.text) && w.text !== 'I' && i > 0 && !/[.!?]\s*$/.test(text.slice(0, w.start))),
    )
    .map((w) => w.text)
}

describe('improveText on rambling spoken answers', () => {
  it('has a set of at least 12 answers', () => {
    expect(rambling.length).toBeGreaterThanOrEqual(12)
  })

  describe.each(rambling.map((r, i) => ({ ...r, n: i + 1 })))('answer $n', ({ answer, facts }) => {
    const rewritten = improveText(answer)
    const words = tokenizeWords(rewritten)

    it('has no immediately repeated words', () => {
      expect(stutters(rewritten, words)).toEqual([])
    })

    it('has no fillers and no trailing "yeah"', () => {
      expect(detectFillers(rewritten, words).map((f) => f.phrase)).toEqual([])
      expect(rewritten).not.toMatch(/\byeah\b/i)
    })

    it('keeps every number, name and technology', () => {
      for (const fact of [...facts, ...namesAndNumbers(answer)]) expect(rewritten).toContain(fact)
    })

    it('splits run-on sentences and ends each with punctuation', () => {
      const sentences = splitIntoSentences(rewritten, words)
      for (const s of sentences) {
        // The splitter aims at the feedback's long-sentence mark but only breaks where a new clause
        // starts, so a sentence may stay a few words over it.
        expect(s.words.length, s.text).toBeLessThanOrEqual(LONG_SENTENCE_WORDS + 5)
        expect(s.text).toMatch(/^[A-Z0-9]/)
      }
      expect(rewritten).toMatch(/[.!?]$/)
    })

    it('is not longer than the answer', () => {
      expect(words.length).toBeLessThan(tokenizeWords(answer).length)
    })
  })

  it('keeps grammatical doubles', () => {
    expect(improveText('I had had enough. He said that that approach is fine. What it is is a queue.')).toBe(
      'I had had enough. He said that that approach is fine. What it is is a queue.',
    )
  })

  it('removes a restarted "that" and a "like" between a joiner and a new phrase', () => {
    expect(improveText('I built a model that that improved sales, and like the backend was in Go.')).toBe(
      'I built a model that improved sales, and the backend was in Go.',
    )
  })

  it('does not join a repeat across a sentence break', () => {
    expect(improveText('We built the test. Test coverage rose to 90%.')).toBe(
      'We built the test. Test coverage rose to 90%.',
    )
  })

  it('reports the flaws of the set before and after for the bench', () => {
    const { answers, before, after, factsKept, facts } = evaluateRewrites()
    expect(answers).toBe(rambling.length)
    expect(before.fillers).toBeGreaterThan(0)
    expect(before.restarts).toBeGreaterThan(0)
    expect(after).toMatchObject({ fillers: 0, restarts: 0 })
    expect(after.longSentences).toBeLessThan(before.longSentences)
    expect(after.words).toBeLessThan(before.words)
    expect(factsKept).toBe(facts)
  })
})
