import { detectFillers } from './fillers.ts'
import { detectHedges } from './hedges.ts'
import { detectPassive } from './passive.ts'
import { applyEdits, type Edit } from './rewrite.ts'
import { splitIntoSentences, tokenizeWords } from './words.ts'

/**
 * The response as it could be said: fillers and removable hedges deleted, then passive clauses
 * that name their agent turned active ("was written by me" → "I wrote").
 */
export function improveText(text: string): string {
  const words = tokenizeWords(text)
  const removals: Edit[] = detectFillers(text, words).map((f) => ({ start: f.start, end: f.end, replacement: '' }))
  for (const hedge of detectHedges(words)) {
    if (!hedge.removable) continue
    // "I think that we…" → "We…": the complementiser goes with the hedge.
    const that = /^\s+that\s+(?=(we|i|you|they|it|the|this|our|my|he|she)\b)/i.exec(text.slice(hedge.end))
    removals.push({ start: hedge.start, end: that ? hedge.end + that[0].length : hedge.end, replacement: '' })
  }
  const cleaned = applyEdits(text, removals)
  const cleanedWords = tokenizeWords(cleaned)
  const activeEdits: Edit[] = detectPassive(cleaned, splitIntoSentences(cleaned, cleanedWords)).flatMap((p) =>
    p.activeClause === null ? [] : [{ start: p.replaceStart, end: p.replaceEnd, replacement: p.activeClause }],
  )
  return applyEdits(cleaned, activeEdits)
}
