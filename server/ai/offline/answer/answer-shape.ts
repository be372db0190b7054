import { DETAIL_HEADING, GIST_LABEL, SPOKEN_MAX_WORDS, splitDetail } from '#rules/spoken-answer.ts'
import { countWords } from '#server/ai/offline/knowledge/spoken-shape.ts'

/**
 * An answer as it is composed: the gist said first, the points said after it, and detail to
 * read only if there is time (markdown lines). Rendering keeps the three apart so the spoken part
 * can be measured and shown on its own.
 */
export type AnswerShape = {
  gist: string
  points: readonly string[]
  detail: readonly string[]
}

export function renderAnswer(shape: AnswerShape): string {
  const lines = [`${GIST_LABEL}${shape.gist}`]
  if (shape.points.length > 0) lines.push('', ...shape.points.map((point) => `- ${point}`))
  if (shape.detail.length > 0) lines.push('', DETAIL_HEADING, '', ...shape.detail)
  return lines.join('\n')
}

/** Words of markdown as spoken: emphasis, list marks and headings are not words. */
export function spokenWordCount(markdown: string): number {
  return countWords(markdown.replace(/[*_#`>]/g, ' ').replace(/^\s*-\s+/gm, ' '))
}

/** Words said aloud for a shape: its gist and its points (labels such as "Situation:" included). */
export function spokenWords(shape: AnswerShape): number {
  return spokenWordCount([shape.gist, ...shape.points].join('\n'))
}

/** The spoken part of a rendered answer, without the gist's label: everything before the detail. */
export function spokenPart(markdown: string): string {
  const { spoken } = splitDetail(markdown)
  return spoken.startsWith(GIST_LABEL) ? spoken.slice(GIST_LABEL.length) : spoken
}

/** Blocks of markdown lines, a blank line between those that are not empty. */
export function joinBlocks(...blocks: (readonly string[])[]): string[] {
  return blocks.filter((block) => block.length > 0).flatMap((block, i) => (i === 0 ? [...block] : ['', ...block]))
}

/**
 * The shape with its spoken part at most `SPOKEN_MAX_WORDS`: points that do not fit (a long
 * résumé line, say) are moved, last first, to the top of the detail rather than cut.
 */
export function withinSpokenLimit(shape: AnswerShape): AnswerShape {
  const points = [...shape.points]
  const moved: string[] = []
  while (points.length > 1 && spokenWords({ gist: shape.gist, points, detail: [] }) > SPOKEN_MAX_WORDS)
    moved.unshift(`- ${points.pop() ?? ''}`)
  return { gist: shape.gist, points, detail: joinBlocks(moved, shape.detail) }
}
