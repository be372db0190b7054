/**
 * The spoken part of a knowledge-base entry (decision 0053): its gist and its key points, which
 * the schema keeps within the answer limits and the answer composer says first.
 */

export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

/** Splits prose into sentences without breaking "Node.js", "O(n)." or decimals. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** The part of an entry that is shaped for speaking: its own gist, or the answer's first sentence. */
export function entryGist(entry: { gist?: string | undefined; answer: string }): string {
  return entry.gist ?? splitSentences(entry.answer)[0] ?? entry.answer
}

/** Words a person says for an entry: the gist and the key points. */
export function entrySpokenWords(entry: { gist?: string | undefined; answer: string; keyPoints: readonly string[] }) {
  return countWords(entryGist(entry)) + entry.keyPoints.reduce((sum, point) => sum + countWords(point), 0)
}
