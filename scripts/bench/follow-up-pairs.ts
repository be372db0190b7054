/**
 * The offline engine's follow-up pairs on the development data only: the development part's pairs
 * (trust-set.json) and those of the three oldest test parts, which are development data now, with
 * the blind grades of added entries joined as the bench joins them. For each source it prints how
 * many pairs are answered from an accepted entry and how many are read rightly as a follow-up or a
 * new question; `--misses` lists the pairs it gets wrong. It reads no other test part. Run with
 * `node scripts/bench/follow-up-pairs.ts [--misses]`.
 */
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { needsPreviousQuestion } from '#server/ai/offline/answer/follow-up.ts'
import type { EvaluationPart } from '#server/ai/offline/eval/answer-evaluation.ts'
import { developmentPart, movedTestParts } from '#server/ai/offline/eval/development-part.ts'

type Pair = EvaluationPart['followUps'][number]

const sources: [name: string, pairs: readonly Pair[]][] = [
  ['development', developmentPart.followUps],
  ...movedTestParts.map((part): [string, readonly Pair[]] => [`${part.name} (development now)`, part.followUps]),
]

const showMisses = process.argv.includes('--misses')

for (const [name, pairs] of sources) {
  let right = 0
  let readRightly = 0
  const misses: string[] = []
  for (const pair of pairs) {
    const previous = answerQuestion({ question: pair.previous })
    const result = answerQuestion({
      question: pair.question,
      history: [{ question: pair.previous, answer: previous.answer }],
    })
    const from = result.source === 'knowledge-base' ? (result.matches[0]?.id ?? null) : null
    const readAs = needsPreviousQuestion(pair.question)
    const isRight = from !== null && pair.accept.includes(from)
    if (isRight) right++
    if (readAs === pair.isFollowUp) readRightly++
    if (!isRight || readAs !== pair.isFollowUp)
      misses.push(
        `  ${pair.previous} → ${pair.question} | follow-up: ${pair.isFollowUp}, read as ${readAs} | accept ${pair.accept.join(', ')}, answered from ${from ?? 'none'}`,
      )
  }
  console.log(`${name}: ${right}/${pairs.length} right, ${readRightly}/${pairs.length} read rightly`)
  if (showMisses) for (const miss of misses) console.log(miss)
}
