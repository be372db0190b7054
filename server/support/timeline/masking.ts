/**
 * Personal data in events is sealed (events/pii/pii-vault.ts), so "masked by default" needs no
 * list of fields to keep up to date: every sealed value is personal, and only sealed values are.
 * The timeline shows each as a placeholder and names its path; a reveal opens one path.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const maskedPlaceholder = '••••••'
const sealedPrefix = 'pii:v1:'

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(sealedPrefix)
}

/** The data with every sealed value replaced by the placeholder, and the paths replaced (`buyer.email`). */
export function maskData(data: unknown): { data: Json; masked: string[] } {
  const masked: string[] = []
  const walk = (value: unknown, path: string[]): Json => {
    if (isSealed(value)) {
      masked.push(path.join('.'))
      return maskedPlaceholder
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
      return value
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, String(index)]))
    if (typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key])]))
    return null
  }
  return { data: walk(data, []), masked }
}

/**
 * A person in search results, masked like the timeline: the name as the placeholder, the address
 * as its first character and its domain, unless the search typed all of it (nothing is disclosed
 * then). Reading either takes a reveal, with a reason, in the timeline.
 */
export function maskFoundPerson(person: { email: string | null; name: string | null }, query: string) {
  const typedWhole = person.email !== null && person.email === query.trim().toLowerCase()
  const at = person.email?.lastIndexOf('@') ?? -1
  return {
    email:
      person.email === null || typedWhole || at < 1
        ? person.email
        : `${person.email.charAt(0)}${maskedPlaceholder}${person.email.slice(at)}`,
    name: person.name === null ? null : maskedPlaceholder,
  }
}

/** The value at a dotted path, or undefined when the path leads nowhere. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}
