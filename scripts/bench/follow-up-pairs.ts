/**
 * The offline engine's follow-up pairs on the development data only: the development part's pairs
 * (trust-set.json) and those of the three oldest test parts, which are development data now, with
 * the blind grades of added entries joined as the bench joins them. For each source it prints how
 * many pairs are answered from an accepted entry (the answer evaluation's own figure) and how many
 * are read rightly as a follow-up or a new question; `--misses` lists the pairs it gets wrong. It
 * reads no other test part. Run with `node scripts/bench/follow-up-pairs.ts [--misses]`.
 */
import { needsPreviousQuestion } from '#server/ai/offline/answer/follow-up.ts'
import { evaluatePart } from '#server/ai/offline/eval/answer-evaluation.ts'
import { developmentPart, movedTestParts } from '#server/ai/offline/eval/development-part.ts'

const showMisses = process.argv.includes('--misses')

for (const part of [developmentPart, ...movedTestParts]) {
  const { followUps, followUpsRight, misses } = evaluatePart(part)
  const misread = part.followUps.filter(
    (pair) => needsPreviousQuestion(pair.question, pair.previous) !== pair.isFollowUp,
  )
  const name = part === developmentPart ? 'development' : `${part.name} (development now)`
  console.log(`${name}: ${followUpsRight}/${followUps} right, ${followUps - misread.length}/${followUps} read rightly`)
  if (!showMisses) continue
  // The evaluation names a follow-up miss "previous → question".
  for (const miss of misses.filter((m) => m.question.includes(' → ')))
    console.log(`  ${miss.question} | accept ${miss.accept.join(', ')}, answered from ${miss.answeredFrom ?? 'none'}`)
  for (const pair of misread)
    console.log(`  ${pair.previous} → ${pair.question} | follow-up: ${pair.isFollowUp}, read as ${!pair.isFollowUp}`)
}
