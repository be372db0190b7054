/**
 * Chooses the language rules of the transcript confidence (server/ai/offline/speech/
 * transcript-plausibility.ts) on the development part only. Reads the development transcripts the
 * speech confidence bench dumps (`node scripts/bench/speech-confidence-bench.ts --dump-development
 * FILE --development-stride 2`), tries a small grid of thresholds and prints the best few with the
 * bad (WER > 50 %), middling and good (WER ≤ 20 %) transcripts they flag, how many development
 * questions they would send back even transcribed word for word, and the same for the rules in use. Run with `node scripts/fit-transcript-confidence.ts FILE`.
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import {
  brokenRules,
  languageEvidence,
  plausibilityRules,
  type PlausibilityRules,
} from '#server/ai/offline/speech/transcript-plausibility.ts'
import { developmentPart } from '#server/ai/offline/eval/development-part.ts'
import { interviewCorpus } from '#server/ai/offline/speech/interview-model/corpus.ts'
import { followUpForms } from '#server/ai/offline/speech/interview-model/follow-up-forms.ts'
import { createLanguageModel, type LanguageModel } from '#server/ai/offline/speech/interview-model/language-score.ts'
import { TRANSCRIPT_CONFIDENCE_THRESHOLD } from '#server/ai/transcript-confirmation.ts'
import { words } from './bench/speech-samples.ts'

const dumpSchema = z.array(
  z.object({ reference: z.string(), text: z.string(), wer: z.number(), acoustic: z.number().optional() }),
)

const file = process.argv[2]
if (!file) throw new Error('Usage: node scripts/fit-transcript-confidence.ts DEVELOPMENT_DUMP')
const transcripts = dumpSchema
  .parse(JSON.parse(await readFile(file, 'utf8')))
  .map((one) => ({ ...one, evidence: languageEvidence(words(one.text)) }))

/** The development questions as written: what a perfect transcript says. */
const written = [...developmentPart.questions, ...developmentPart.followUps].map(({ question }) =>
  languageEvidence(words(question)),
)

/** Within this of the threshold a good transcript is answered by luck: another run may send it back. */
const MARGIN = 0.1

function flagged(rules: PlausibilityRules) {
  const counts = { bad: 0, badOf: 0, middling: 0, middlingOf: 0, good: 0, goodNear: 0, goodOf: 0, writtenSentBack: 0 }
  for (const { wer, acoustic, evidence } of transcripts) {
    const confidence = (acoustic ?? 0) * rules.factor ** brokenRules(evidence, rules)
    const isFlagged = Number(confidence < TRANSCRIPT_CONFIDENCE_THRESHOLD)
    if (wer > 0.5) {
      counts.bad += isFlagged
      counts.badOf += 1
    } else if (wer > 0.2) {
      counts.middling += isFlagged
      counts.middlingOf += 1
    } else {
      counts.good += isFlagged
      counts.goodNear += Number(confidence < TRANSCRIPT_CONFIDENCE_THRESHOLD + MARGIN)
      counts.goodOf += 1
    }
  }
  // A question transcribed perfectly is still sent back unless its acoustic confidence is above 0.9.
  for (const evidence of written)
    counts.writtenSentBack += Number(
      0.9 * rules.factor ** brokenRules(evidence, rules) < TRANSCRIPT_CONFIDENCE_THRESHOLD,
    )
  // A good transcript sent back costs the candidate a click; a bad one answered costs a wrong answer.
  const score =
    counts.bad / counts.badOf -
    (2 * counts.good + 0.5 * counts.goodNear) / counts.goodOf -
    (2 * counts.writtenSentBack) / written.length
  return { ...counts, score: Math.round(score * 1000) / 1000 }
}

const grid: { rules: PlausibilityRules; counts: ReturnType<typeof flagged> }[] = []
for (const minWords of [0, 2, 3])
  for (const minContextGain of [-99, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8])
    for (const minEndLog10 of [-99, -1.6, -1.8, -2, -2.2, -2.4])
      for (const maxUnexpectedShare of [1, 0, 0.2, 0.4])
        for (const factor of [0.5, 0.6, 0.7, 0.8]) {
          const rules = { ...plausibilityRules, minWords, minContextGain, minEndLog10, maxUnexpectedShare, factor }
          grid.push({ rules, counts: flagged(rules) })
        }
grid.sort((a, b) => b.counts.score - a.counts.score)
const acousticOnly = {
  minWords: 0,
  minFollowUpWords: 0,
  minContextGain: -99,
  minEndLog10: -99,
  maxUnexpectedShare: 1,
  factor: 1,
}
console.log('acoustic confidence alone:', JSON.stringify(flagged(acousticOnly)))
console.log('rules in use:', JSON.stringify(plausibilityRules), JSON.stringify(flagged(plausibilityRules)))
for (const { rules, counts } of grid.slice(0, 12)) console.log(JSON.stringify(rules), JSON.stringify(counts))

/**
 * The short follow-ups: the rules as decision 0123 left them (a scorer of the corpus without the
 * forms, no form exempt from the length rule) against the rules in use, on the same transcripts:
 * the questions' (bad flagged, bad that could be read as a follow-up at 0.6 or more), the
 * development follow-ups' and the short follow-up forms' (good and bad at 0.6 or more), and each as
 * written, transcribed word for word at 0.9.
 */
const withoutForms = interviewCorpus().filter(({ text }) => !followUpForms.includes(text))
const before = { scorer: createLanguageModel(withoutForms), rules: { ...plausibilityRules, minFollowUpWords: 99 } }
const after = { scorer: undefined, rules: plausibilityRules }
const questions = new Set(developmentPart.questions.map(({ question }) => question))
const followUps = new Set(developmentPart.followUps.map(({ question }) => question))
const forms = new Set(followUpForms)
function followUpFigures({ scorer, rules }: { scorer: LanguageModel | undefined; rules: PlausibilityRules }) {
  const confidence = (text: string, acoustic: number) =>
    acoustic * rules.factor ** brokenRules(languageEvidence(words(text), scorer), rules)
  const group = (references: ReadonlySet<string>) => {
    const chosen = transcripts.filter(({ reference }) => references.has(reference))
    const at = (test: (wer: number) => boolean, high: (value: number) => boolean) => {
      const band = chosen.filter(({ wer }) => test(wer))
      return `${band.filter(({ text, acoustic }) => high(confidence(text, acoustic ?? 0))).length}/${band.length}`
    }
    const bad = (wer: number) => wer > 0.5
    const good = (wer: number) => wer <= 0.2
    return {
      badFlagged: at(bad, (value) => value < TRANSCRIPT_CONFIDENCE_THRESHOLD),
      badAtFollowUp: at(bad, (value) => value >= 0.6),
      goodFlagged: at(good, (value) => value < TRANSCRIPT_CONFIDENCE_THRESHOLD),
      goodAtFollowUp: at(good, (value) => value >= 0.6),
    }
  }
  const writtenBelow = (texts: Iterable<string>, limit: number) => {
    const all = [...texts]
    return `${all.filter((text) => confidence(text, 0.9) < limit).length}/${all.length}`
  }
  return {
    questions: group(questions),
    developmentFollowUps: group(followUps),
    shortForms: group(forms),
    writtenQuestionsSentBack: writtenBelow([...questions, ...followUps], TRANSCRIPT_CONFIDENCE_THRESHOLD),
    writtenFollowUpsBelowFollowUp: writtenBelow(followUps, 0.6),
    writtenFormsBelowFollowUp: writtenBelow(forms, 0.6),
  }
}
console.log('short follow-ups, before:', JSON.stringify(followUpFigures(before)))
console.log('short follow-ups, after: ', JSON.stringify(followUpFigures(after)))
