/** The text, or undefined when it is missing or empty, so that `??` supplies one fallback for both. */
export function nonEmpty(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text === '' ? undefined : text
}

/** The text as a sentence of its own: a full stop is added unless it already ends like one. */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  return trimmed === '' || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
