/** The measurements the clarity score is computed from. */
export type ScoreInputs = {
  wordCount: number
  fillerCount: number
  hedgeCount: number
  passiveCount: number
  longSentenceCount: number
  averageSentenceLength: number
  repeatedExtraUses: number
  stutterCount: number
  starApplicable: boolean
  starMissing: number
}

export type ScoreFactor = 'fillers' | 'hedges' | 'passive' | 'long-sentences' | 'repetition' | 'length' | 'star'

type ScorePenalty = {
  factor: ScoreFactor
  points: number
  detail: string
}

export type ClarityScore = {
  score: number
  base: number
  penalties: ScorePenalty[]
  formula: string
}

export const TOO_SHORT_WORDS = 30
/**
 * An answer too brief to judge loses half the score: the feedback says it is too brief, and a high
 * score beside that would contradict it.
 */
const TOO_SHORT_PENALTY = 50
/** About three minutes at 140 words per minute. */
export const TOO_LONG_WORDS = 420
export const LONG_SENTENCE_WORDS = 25

const SCORE_FORMULA = [
  'score = 100 − penalties, floored at 0, where:',
  'fillers = min(25, round(2.5 × fillers per 100 words));',
  'hedges = min(15, round(3 × hedges per 100 words));',
  'passive = min(10, 3 × passive constructions);',
  `long sentences = min(15, 4 × sentences over ${LONG_SENTENCE_WORDS} words + max(0, round(average sentence length − 20)));`,
  'repetition = min(10, 2 × uses beyond the second of any repeated word + stutters);',
  `length = ${TOO_SHORT_PENALTY} if under ${TOO_SHORT_WORDS} words (too brief to judge), 10 if over ${TOO_LONG_WORDS} words, else 0;`,
  'STAR = 5 × missing parts, for behavioural answers only.',
].join(' ')

const per100 = (count: number, words: number): number => (words === 0 ? 0 : (count / words) * 100)

/** A transparent 0–100 clarity score: every point lost is listed with its reason. */
export function clarityScore(m: ScoreInputs): ClarityScore {
  const fillerRate = per100(m.fillerCount, m.wordCount)
  const hedgeRate = per100(m.hedgeCount, m.wordCount)
  const candidates: ScorePenalty[] = [
    {
      factor: 'fillers',
      points: Math.min(25, Math.round(2.5 * fillerRate)),
      detail: `${m.fillerCount} filler words (${fillerRate.toFixed(1)} per 100 words)`,
    },
    {
      factor: 'hedges',
      points: Math.min(15, Math.round(3 * hedgeRate)),
      detail: `${m.hedgeCount} hedges (${hedgeRate.toFixed(1)} per 100 words)`,
    },
    { factor: 'passive', points: Math.min(10, 3 * m.passiveCount), detail: `${m.passiveCount} passive constructions` },
    {
      factor: 'long-sentences',
      points: Math.min(15, 4 * m.longSentenceCount + Math.max(0, Math.round(m.averageSentenceLength - 20))),
      detail: `${m.longSentenceCount} sentences over ${LONG_SENTENCE_WORDS} words; average ${m.averageSentenceLength.toFixed(1)} words`,
    },
    {
      factor: 'repetition',
      points: Math.min(10, 2 * m.repeatedExtraUses + m.stutterCount),
      detail: `${m.repeatedExtraUses} extra uses of repeated words, ${m.stutterCount} stutters`,
    },
    {
      factor: 'length',
      points: m.wordCount < TOO_SHORT_WORDS ? TOO_SHORT_PENALTY : m.wordCount > TOO_LONG_WORDS ? 10 : 0,
      detail: `${m.wordCount} words`,
    },
    {
      factor: 'star',
      points: m.starApplicable ? 5 * m.starMissing : 0,
      detail: m.starApplicable ? `${m.starMissing} STAR parts missing` : 'not a behavioural answer',
    },
  ]
  const penalties = candidates.filter((p) => p.points > 0)
  const lost = penalties.reduce((sum, p) => sum + p.points, 0)
  return { score: Math.max(0, 100 - lost), base: 100, penalties, formula: SCORE_FORMULA }
}
