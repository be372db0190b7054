/**
 * The shape of every answer, offline or from a model (decision 0053): a one-line gist, then
 * points a person can say aloud, then optional detail that is not part of the spoken answer.
 */

/** The gist is one line on screen. */
export const GIST_MAX_WORDS = 32
/** Gist plus spoken points: about half a minute spoken, readable at a glance. */
export const SPOKEN_MAX_WORDS = 80

/** How the gist line opens, in the offline answers and in the prompts. */
export const GIST_LABEL = '**In short:** '
/** The line that separates the detail from the spoken part. */
export const DETAIL_HEADING = '**More detail**'

/** The gist of an answer's text: its first non-empty line, without the label. */
export function gistOf(text: string): string {
  const first = text.trim().split('\n')[0]?.trim() ?? ''
  return first.startsWith(GIST_LABEL.trim()) ? first.slice(GIST_LABEL.trim().length).trim() : first
}

/** An answer's spoken part (gist and points) and its detail, the text after the detail line, if any. */
export function splitDetail(text: string): { spoken: string; detail: string | null } {
  const at = text.indexOf(`\n${DETAIL_HEADING}`)
  if (at === -1) return { spoken: text, detail: null }
  const detail = text.slice(at + 1 + DETAIL_HEADING.length).trim()
  return { spoken: text.slice(0, at).trim(), detail: detail === '' ? null : detail }
}
