import type { Edit } from './rewrite.ts'

/** "so yeah", "and yeah, that's basically it" closing a sentence or the answer. */
const CLOSING = /(?<![\w'])(?:(?:so|and)[\s,]+)?yeah\b(?:[\s,]+that'?s(?:\s+\w+)?\s+it)?[\s,]*(?=[.!?]|$)/gim
/** "Yeah, so" or "So yeah," opening the answer or a sentence. */
const OPENING = /(?<=^|[.!?]\s+)(?:so[\s,]+)?yeah\b[\s,]*(?:so\b[\s,]*)?/gim

/** Deletions of the "yeah"s that open or close a spoken answer and carry nothing. */
export function closingAffirmations(text: string): Edit[] {
  return [...text.matchAll(CLOSING), ...text.matchAll(OPENING)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    replacement: '',
  }))
}
