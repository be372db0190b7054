/**
 * Answer quality of the offline engine on the parts of the question sets: the development part
 * (tuned on, so optimistic), the first test part (measured by several designs, so "seen before"),
 * the fresh test part of decision 0111, the second fresh test part of decision 0119, the third
 * fresh test part of decision 0133, the fourth fresh test part of decision 0136, the fifth fresh test part of
 * decision 0139, the sixth fresh test part of decision 0141, the seventh fresh test part of decision 0143, the
 * eighth fresh test part of decision 0148, the ninth fresh test part of decision 0151, the tenth fresh test part
 * of decision 0156, the eleventh fresh test part of decision 0161, the twelfth fresh test part of decision 0164, the
 * thirteenth fresh test part of decision 0170, the fourteenth fresh test part of decision 0174 and the fifteenth
 * fresh test part of decision 0177,
 * each with the blind grades of entries added after it was written (decision 0136) and, beside it,
 * on its writer's labels alone. From decision 0179 each part also says where the ranking puts an entry that
 * answers and the most on topic any confidence could make of it, and the measured parts are also read together. Run alone with `node scripts/bench/answer-quality-bench.ts`; `npm run bench` prints
 * it with the AI figures.
 * From decision 0140 the test (seen before), fresh and second fresh parts are tuned on, from
 * decision 0144 the third fresh part, from decision 0147 the fourth and from decision 0176 the fifth to eighth:
 * their figures are labelled as development ones; the ninth to fifteenth are only measured.
 * While tuning, `--development` measures the development parts alone (the trust set and the parts
 * moved by 0140, 0144, 0147 and 0176) and lists their misses; the misses of the test parts still only measured are never
 * printed, so nobody tunes on them.
 */
import { evaluatePart, type PartEvaluation } from '#server/ai/offline/eval/answer-evaluation.ts'
import { developmentPart, developmentParts, movedTestParts } from '#server/ai/offline/eval/development-part.ts'
import {
  measuredPartsTogether,
  measuredTestParts,
  testPartsAsFirstLabelled,
} from '#server/ai/offline/eval/test-part.ts'
import { SPOKEN_MAX_WORDS } from '#rules/spoken-answer.ts'
import type { Figure } from './event-store-bench.ts'

const count = (ratio: number, total: number) => `${Math.round(ratio * total)}/${total}`

const tunedOn = new Set(movedTestParts.map((part) => part.name))
/** A part tuned on from decision 0140, 0144, 0147 or 0176 says so, so its figures are not read as a test part's. */
const partLabel = (name: string) => (tunedOn.has(name) ? `${name} part, development: tuned on` : `${name} part`)

function partFigures(e: PartEvaluation): Figure[] {
  const label = `answers (${partLabel(e.name)})`
  return [
    { name: `${label}: on topic`, value: e.onTopic * 100, unit: '%', note: count(e.onTopic, e.total) },
    {
      name: `${label}: answered from a right entry`,
      value: e.answeredRight * 100,
      unit: '%',
      note: count(e.answeredRight, e.total),
    },
    {
      name: `${label}: confident but wrong`,
      value: e.confidentButWrong * 100,
      unit: '%',
      note: count(e.confidentButWrong, e.total),
    },
    { name: `${label}: abstained`, value: e.abstention * 100, unit: '%', note: count(e.abstention, e.total) },
    {
      name: `${label}: abstained where an entry answers, one of them offered to ask instead`,
      value: e.abstainedWithEntry === 0 ? 0 : (e.rightOffered / e.abstainedWithEntry) * 100,
      unit: '%',
      note: `${e.rightOffered}/${e.abstainedWithEntry}`,
    },
    {
      name: `${label}: abstained, led by a near miss that answers`,
      value: e.ledWithNearMiss === 0 ? 0 : (e.ledRight / e.ledWithNearMiss) * 100,
      unit: '%',
      note: `${e.ledRight}/${e.ledWithNearMiss} led`,
    },
    { name: `${label}: median length`, value: e.medianAnswerWords, unit: 'words', note: 'detail included' },
    { name: `${label}: spoken part, median`, value: e.medianSpokenWords, unit: 'words', note: 'gist and points' },
    { name: `${label}: spoken part, p90`, value: e.p90SpokenWords, unit: 'words' },
    {
      name: `${label}: spoken part within ${SPOKEN_MAX_WORDS} words`,
      value: e.spokenWithinLimit * 100,
      unit: '%',
      note: count(e.spokenWithinLimit, e.total),
    },
    {
      name: `${label}: follow-up pairs right`,
      value: e.followUps === 0 ? 0 : (e.followUpsRight / e.followUps) * 100,
      unit: '%',
      note: `${e.followUpsRight}/${e.followUps}`,
    },
    {
      name: `${label}: ranking, an entry that answers ranked first`,
      value: e.answerable === 0 ? 0 : (e.rightEntryFirst / e.answerable) * 100,
      unit: '%',
      note: `${e.rightEntryFirst}/${e.answerable} questions some entry answers`,
    },
    {
      name: `${label}: ranking, an entry that answers among the matches returned`,
      value: e.answerable === 0 ? 0 : (e.rightEntryReturned / e.answerable) * 100,
      unit: '%',
      note: `${e.rightEntryReturned}/${e.answerable}`,
    },
    {
      name: `${label}: on topic at best with this ranking (any confidence)`,
      value: e.onTopicAtBest * 100,
      unit: '%',
      note: `${count(e.onTopicAtBest, e.total)}; no entry answers ${e.total - e.answerable}`,
    },
    ...e.calibration.map((row) => ({
      name: `${label}: calibration, confidence ${row.bucket}`,
      value: row.questions === 0 ? 0 : (row.topEntryRight / row.questions) * 100,
      unit: '%',
      note: `top entry right for ${row.topEntryRight}/${row.questions}`,
    })),
  ]
}

/**
 * The same part scored on its writer's labels alone, where an added entry that answers a "none"
 * question counts as wrong: the figures the blind grades of decision 0136 are read beside.
 */
function asFirstLabelledFigures(e: PartEvaluation): Figure[] {
  const label = `answers (${partLabel(e.name)}, as first labelled)`
  return [
    { name: `${label}: on topic`, value: e.onTopic * 100, unit: '%', note: count(e.onTopic, e.total) },
    {
      name: `${label}: confident but wrong`,
      value: e.confidentButWrong * 100,
      unit: '%',
      note: count(e.confidentButWrong, e.total),
    },
  ]
}

export function answerQualityFigures(): Figure[] {
  return [
    ...[developmentPart, measuredPartsTogether, ...measuredTestParts, ...[...movedTestParts].reverse()].flatMap(
      (part) => partFigures(evaluatePart(part)),
    ),
    ...testPartsAsFirstLabelled.flatMap((part) => asFirstLabelledFigures(evaluatePart(part))),
  ]
}

const print = (figure: Figure) =>
  console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)

if (import.meta.main) {
  if (process.argv.includes('--development')) {
    for (const evaluation of developmentParts.map((part) => evaluatePart(part))) {
      partFigures(evaluation).forEach(print)
      for (const miss of evaluation.misses)
        console.log(
          `miss (${evaluation.name}, ${miss.why}): ${miss.question} → ${miss.answeredFrom ?? 'abstained'} at ${miss.confidence} (want ${miss.accept.join(' | ') || 'abstention'})`,
        )
    }
  } else answerQualityFigures().forEach(print)
}
