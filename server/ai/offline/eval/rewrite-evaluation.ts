/**
 * How close the offline rewrite comes to what a person would say, on a set of rambling spoken
 * answers (rambling-answers.json): the fillers, restarts and over-long sentences left, and the
 * share of the speaker's facts (numbers, names, technologies) kept.
 */
import { detectFillers } from '#server/ai/offline/communication/fillers.ts'
import { improveText } from '#server/ai/offline/communication/improve-text.ts'
import { stutters } from '#server/ai/offline/communication/repetition.ts'
import { LONG_SENTENCE_WORDS } from '#server/ai/offline/communication/score.ts'
import { splitIntoSentences, tokenizeWords } from '#server/ai/offline/communication/words.ts'
import { ramblingAnswers } from './rambling-answers.ts'

type TextCounts = { fillers: number; restarts: number; longSentences: number; words: number }

function countFlaws(text: string): TextCounts {
  const words = tokenizeWords(text)
  return {
    fillers: detectFillers(text, words).length + (text.match(/\byeah\b/gi)?.length ?? 0),
    restarts: stutters(text, words).length,
    longSentences: splitIntoSentences(text, words).filter((s) => s.words.length > LONG_SENTENCE_WORDS).length,
    words: words.length,
  }
}

function sum(counts: readonly TextCounts[]): TextCounts {
  return counts.reduce(
    (total, c) => ({
      fillers: total.fillers + c.fillers,
      restarts: total.restarts + c.restarts,
      longSentences: total.longSentences + c.longSentences,
      words: total.words + c.words,
    }),
    { fillers: 0, restarts: 0, longSentences: 0, words: 0 },
  )
}

export function evaluateRewrites(): {
  answers: number
  before: TextCounts
  after: TextCounts
  factsKept: number
  facts: number
} {
  const rewritten = ramblingAnswers.map((r) => ({ ...r, rewrite: improveText(r.answer) }))
  const facts = rewritten.flatMap((r) => r.facts.map((fact) => r.rewrite.includes(fact)))
  return {
    answers: rewritten.length,
    before: sum(rewritten.map((r) => countFlaws(r.answer))),
    after: sum(rewritten.map((r) => countFlaws(r.rewrite))),
    factsKept: facts.filter(Boolean).length,
    facts: facts.length,
  }
}
