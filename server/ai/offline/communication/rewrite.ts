export type Edit = {
  start: number
  end: number
  replacement: string
}

/** Widens a deletion so that its commas go with it: "we, like, shipped" → "we shipped". */
function widenDeletion(text: string, edit: Edit): Edit {
  if (edit.replacement !== '') return edit
  let { start, end } = edit
  const before = text.slice(0, start).replace(/\s+$/, '')
  const afterMatch = /^\s*,/.exec(text.slice(end))
  const atSentenceStart = before === '' || /[.!?\n]$/.test(before)
  if (afterMatch && before.endsWith(',')) {
    // "was, you know, the database" → "was the database", but "So, um, we" keeps "So,".
    const clause =
      before
        .slice(0, -1)
        .split(/[.!?\n]/)
        .pop() ?? ''
    if (clause.trim().split(/\s+/).length >= 2) start = before.length - 1
    end += afterMatch[0].length
  } else if (afterMatch && atSentenceStart) end += afterMatch[0].length
  else if (before.endsWith(',') && /^\s*([.!?]|$)/.test(text.slice(end))) start = before.length - 1
  return { start, end, replacement: '' }
}

/** Applies non-overlapping edits (earlier ones win) and tidies spacing and capitals. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const widened = edits.map((e) => widenDeletion(text, e)).sort((a, b) => a.start - b.start || b.end - a.end)
  const kept: Edit[] = []
  for (const edit of widened) {
    const last = kept[kept.length - 1]
    if (last && edit.start < last.end) continue
    kept.push(edit)
  }
  let result = ''
  let cursor = 0
  for (const edit of kept) {
    result += text.slice(cursor, edit.start) + edit.replacement
    cursor = edit.end
  }
  result += text.slice(cursor)
  return tidy(result)
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/,(\s*,)+/g, ',')
    .replace(/,\s*([.;:!?])/g, '$1')
    .replace(/(^|[.!?]\s+|\n\s*)[,;:]\s*/g, '$1')
    .replace(/(^\s*|[.!?]\s+|\n\s*)([a-z])/g, (_, prefix: string, letter: string) => prefix + letter.toUpperCase())
    .replace(/\bi\b(?![.'’])/g, 'I')
    .replace(/ +\n/g, '\n')
    .trim()
}
