/** The text, or undefined when it is missing or empty, so that `??` supplies one fallback for both. */
export function nonEmpty(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text === '' ? undefined : text
}
