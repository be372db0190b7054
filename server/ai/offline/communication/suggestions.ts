import type { HedgeOccurrence } from './hedges.ts'
import type { Occurrence, PhraseCount } from './occurrence.ts'
import type { PassiveFinding } from './passive.ts'
import type { RepeatedWord, Stutter } from './repetition.ts'
import { improveText } from './improve-text.ts'
import type { ClarityScore, ScoreFactor } from './score.ts'
import { TOO_SHORT_WORDS } from './score.ts'
import type { StarAnalysis, StarPart } from './star.ts'
import { excerpt, type Sentence } from './words.ts'

export type Suggestion = {
  /** 1 = most important. */
  priority: number
  type: ScoreFactor | 'polish'
  message: string
  /** The user's own words this suggestion is about. */
  quote: string
  /** A concrete better version, when one can be produced. */
  rewrite?: string
}

export type SuggestionInputs = {
  text: string
  sentences: readonly Sentence[]
  wordCount: number
  speakingTimeSeconds: number
  fillers: readonly Occurrence[]
  fillerCounts: readonly PhraseCount[]
  hedges: readonly HedgeOccurrence[]
  passive: readonly PassiveFinding[]
  longSentences: readonly { text: string; wordCount: number }[]
  repeated: readonly RepeatedWord[]
  stutters: readonly Stutter[]
  star: StarAnalysis
  score: ClarityScore
  isBehavioural: boolean
}

const MAX_SUGGESTIONS = 6
const MIN_SUGGESTIONS = 3

/** Phrases are matched in lowercase; show them as they are written. */
function display(phrase: string): string {
  return phrase.replace(/\bi\b/g, 'I')
}

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`
}

function firstWords(text: string, n = 12): string {
  const words = text.split(/\s+/).filter(Boolean)
  return words.length <= n ? text : `${words.slice(0, n).join(' ')}…`
}

/** For quoting inside a sentence of our own: no trailing full stop. */
function inline(text: string): string {
  return text.replace(/[.!?]+$/, '')
}

function sentenceAt(sentences: readonly Sentence[], index: number): Sentence | undefined {
  return sentences.find((s) => index >= s.start && index < s.end)
}

const starAdvice: Readonly<Record<StarPart, (s: SuggestionInputs) => { message: string; quote: string }>> = {
  situation: (s) => {
    const first = s.sentences[0]?.text ?? s.text
    return {
      message: `Open with one sentence of context (Situation): where you were and what was going on, before “${inline(firstWords(first, 8))}”.`,
      quote: firstWords(first),
    }
  },
  task: (s) => {
    const first = s.sentences[0]?.text ?? s.text
    return {
      message: 'Say what you were responsible for (Task), e.g. “My job was to …”, right after setting the scene.',
      quote: firstWords(first),
    }
  },
  action: (s) => {
    const we = /\bwe\b[^.!?]*/i.exec(s.text)?.[0]
    return {
      message: 'Make your own actions explicit (Action): the steps you personally took, starting sentences with “I …”.',
      quote: firstWords(we ?? s.sentences[0]?.text ?? s.text),
    }
  },
  result: (s) => {
    const last = s.sentences[s.sentences.length - 1]?.text ?? s.text
    return {
      message: `Finish with the Result: what changed because of you, ideally with a number, and what you learned; right now the answer ends with “${inline(firstWords(last, 10))}”.`,
      quote: firstWords(last),
    }
  },
}

/** Concrete, prioritised suggestions, each quoting the user's own words. */
export function buildSuggestions(s: SuggestionInputs): Suggestion[] {
  const points = new Map(s.score.penalties.map((p) => [p.factor, p.points]))
  const ranked: (Omit<Suggestion, 'priority'> & { weight: number })[] = []

  const topFillers = s.fillerCounts.slice(0, 3)
  const firstFiller = s.fillers[0]
  if (topFillers.length > 0 && firstFiller) {
    const list = topFillers.map((f) => `“${display(f.phrase)}” ${times(f.count)}`).join(', ')
    ranked.push({
      type: 'fillers',
      weight: points.get('fillers') ?? 1,
      message: `Cut the filler words: you said ${list}. Replace them with a short silent pause; it sounds more confident.`,
      quote: excerpt(s.text, firstFiller.start, firstFiller.end),
    })
  }

  const hedge = s.hedges.find((h) => h.removable) ?? s.hedges[0]
  if (hedge) {
    const sentence = sentenceAt(s.sentences, hedge.start)
    const quote = sentence?.text ?? excerpt(s.text, hedge.start, hedge.end)
    const rewrite = sentence && hedge.removable ? improveText(sentence.text) : undefined
    ranked.push({
      type: 'hedges',
      weight: points.get('hedges') ?? 1,
      message: hedge.removable
        ? `Drop hedges like “${display(hedge.phrase)}” (${s.hedges.length} in total) and state your point directly.`
        : `“${display(hedge.phrase)}” undercuts your answer; say what you do know, then how you would find out the rest.`,
      quote,
      ...(rewrite !== undefined ? { rewrite } : {}),
    })
  }

  const passive = s.passive.find((p) => p.activeSentence !== null) ?? s.passive[0]
  if (passive) {
    const active = passive.activeSentence !== null ? passive.sentence : passive.firstPersonSentence
    const rewrite = active === null ? undefined : improveText(active)
    ranked.push({
      type: 'passive',
      weight: points.get('passive') ?? 1,
      message:
        passive.activeSentence !== null
          ? `Use the active voice so it is clear who acted: “${passive.text}” becomes “${passive.activeClause ?? ''}”.`
          : `“${passive.text}” hides who did it. If it was you, say so in the first person.`,
      quote: passive.sentence,
      ...(rewrite !== undefined ? { rewrite } : {}),
    })
  }

  const longest = [...s.longSentences].sort((a, b) => b.wordCount - a.wordCount)[0]
  if (longest) {
    ranked.push({
      type: 'long-sentences',
      weight: points.get('long-sentences') ?? 1,
      message: `Split long sentences: this one runs ${longest.wordCount} words. Aim for under 20 so the listener can follow.`,
      quote: firstWords(longest.text, 15),
    })
  }

  const repeated = s.repeated[0]
  const stutter = s.stutters[0]
  if (repeated) {
    ranked.push({
      type: 'repetition',
      weight: points.get('repetition') ?? 1,
      message: `You used “${repeated.word}” ${times(repeated.count)}. Vary the wording or refer back with “it” once the subject is clear.`,
      quote: repeated.word,
    })
  } else if (stutter) {
    ranked.push({
      type: 'repetition',
      weight: points.get('repetition') ?? 1,
      message: `You repeated “${stutter.word} ${stutter.word}”. Slow down slightly at the start of sentences to avoid restarts.`,
      quote: excerpt(s.text, stutter.index, stutter.index + stutter.word.length),
    })
  }

  if ((points.get('length') ?? 0) > 0) {
    const short = s.wordCount < TOO_SHORT_WORDS
    ranked.push({
      type: 'length',
      weight: points.get('length') ?? 1,
      message: short
        ? `At ${s.wordCount} words (about ${s.speakingTimeSeconds} seconds) this is too brief: add a concrete example and its outcome.`
        : `At about ${Math.round(s.speakingTimeSeconds / 60)} minutes this runs long: keep the two strongest points and cut the rest.`,
      quote: firstWords(s.sentences[0]?.text ?? s.text),
    })
  }

  if (s.star.applicable) {
    for (const part of s.star.missing) {
      ranked.push({ type: 'star', weight: 5, ...starAdvice[part](s) })
    }
  }

  const suggestions: Omit<Suggestion, 'priority'>[] = ranked
    .sort((a, b) => b.weight - a.weight)
    .map(({ weight: _weight, ...rest }) => rest)
    .slice(0, MAX_SUGGESTIONS)

  for (const polish of polishSuggestions(s)) {
    if (suggestions.length >= MIN_SUGGESTIONS) break
    if (!suggestions.some((existing) => existing.message === polish.message)) suggestions.push(polish)
  }
  return suggestions.map((suggestion, i) => ({ priority: i + 1, ...suggestion }))
}

/** Always-applicable improvements, used when the answer has few problems. */
function polishSuggestions(s: SuggestionInputs): Omit<Suggestion, 'priority'>[] {
  const first = s.sentences[0]?.text ?? s.text
  const last = s.sentences[s.sentences.length - 1]?.text ?? s.text
  const out: Omit<Suggestion, 'priority'>[] = []
  const claim = s.sentences.find((x) =>
    /\b(improv|faster|slower|better|reduc|increas|sav|grew|cut|fix|speed)/i.test(x.text),
  )?.text
  if (!/\d/.test(s.text) && (claim !== undefined || s.isBehavioural)) {
    out.push({
      type: 'polish',
      message:
        'Back your strongest claim with a number (time saved, latency, users, percentage); specifics make it credible.',
      quote: firstWords(claim ?? last, 15),
    })
  }
  out.push({
    type: 'polish',
    message: 'Lead with your main point in one sentence, then support it; interviewers remember the first line.',
    quote: firstWords(first, 15),
  })
  out.push({
    type: 'polish',
    message: s.isBehavioural
      ? 'Close with a one-line lesson or what you would do differently next time.'
      : 'Close by naming a trade-off or an alternative you considered; it shows judgement.',
    quote: firstWords(last, 15),
  })
  return out
}
