import { closingAffirmations } from './closing-affirmations.ts'
import { detectFillers } from './fillers.ts'
import { detectHedges } from './hedges.ts'
import { detectPassive } from './passive.ts'
import { stutters } from './repetition.ts'
import { applyEdits, type Edit } from './rewrite.ts'
import { splitRunOns } from './run-on.ts'
import { splitIntoSentences, tokenizeWords } from './words.ts'

const COMPLEMENTISER =
  /^\s+that\s+(?!(?:is|was|are|were|'s|will|would|can|could|should|might|may|must|has|had|have|does|did|do|works?|makes?|means?|helps?|sounds?|seems?|depends)\b)(?=\w)/i

function removeFillersAndHedges(text: string): string {
  const words = tokenizeWords(text)
  const removals: Edit[] = detectFillers(text, words).map((f) => ({ start: f.start, end: f.end, replacement: '' }))
  for (const hedge of detectHedges(words)) {
    if (!hedge.removable) continue
    // "I think that we…" → "We…", "I think that caching is good" → "Caching is good": the
    // complementiser goes with the hedge. "I think that is right" keeps "that": there it is the subject.
    const that = COMPLEMENTISER.exec(text.slice(hedge.end))
    removals.push({ start: hedge.start, end: that ? hedge.end + that[0].length : hedge.end, replacement: '' })
  }
  return applyEdits(text, removals)
}

function removeClosingAffirmations(text: string): string {
  return applyEdits(text, closingAffirmations(text))
}

/** "I I think" → "I think": the first of the pair goes, with the space or comma after it. */
function removeStutters(text: string): string {
  const words = tokenizeWords(text)
  return applyEdits(
    text,
    stutters(text, words).flatMap((s) => {
      const second = words.find((w) => w.start === s.index)
      const first = second === undefined ? undefined : words[second.index - 1]
      return first === undefined ? [] : [{ start: first.start, end: s.index, replacement: '' }]
    }),
  )
}

function activeVoice(text: string): string {
  const edits: Edit[] = detectPassive(text, splitIntoSentences(text, tokenizeWords(text))).flatMap((p) =>
    p.activeClause === null ? [] : [{ start: p.replaceStart, end: p.replaceEnd, replacement: p.activeClause }],
  )
  return applyEdits(text, edits)
}

function endWithPunctuation(text: string): string {
  return text === '' || /[.!?]$/.test(text) ? text : `${text}.`
}

/**
 * The response as a person would say it: restarts ("I I think") collapsed first, so that the hedge
 * is seen whole, then fillers and removable hedges deleted, then the closing
 * "so yeah" (whose comma a deleted filler may share, so it goes in its own pass), then restarts ("this this") — which deleting a filler can expose ("I um I") — then
 * passive clauses that name their agent turned active ("was written by me" → "I wrote"), run-on
 * sentences split, and every sentence capitalised and closed.
 */
export function improveText(text: string): string {
  return endWithPunctuation(
    splitRunOns(activeVoice(removeStutters(removeClosingAffirmations(removeFillersAndHedges(removeStutters(text)))))),
  )
}
