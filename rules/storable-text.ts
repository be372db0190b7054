/**
 * Text the database cannot store: PostgreSQL's text and jsonb refuse the NUL character, and a lone
 * UTF-16 surrogate has no UTF-8 encoding. Such text must be refused where it enters, with the
 * field named, because once sealed into an event it would stop every projection that unseals it.
 */
// eslint-disable-next-line no-control-regex -- finding the NUL control character is this pattern's job
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const unstorableTextMessage = 'must not contain NUL characters or unpaired UTF-16 surrogates'

export function isStorableText(text: string): boolean {
  return !unstorable.test(text)
}

/** Where a value sits in the whole: its key and its parent's place, so a path is built only when needed. */
type Place = { key: string; parent: Place | undefined } | undefined

/**
 * The path of the first string (or object key) in a parsed value that the database cannot store,
 * e.g. `lastName` or `notes.email`; `''` for the value itself; undefined when all of it can be stored.
 * Walks with its own stack, not recursion: a request body may nest deeper than the call stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: { value: unknown; place: Place }[] = [{ value, place: undefined }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, place } = next
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(place)
      continue
    }
    if (typeof current !== 'object' || current === null) continue
    const entries = Array.isArray(current)
      ? current.map((item: unknown, index) => [String(index), item] as const)
      : Object.entries(current)
    for (const [key] of entries)
      if (!Array.isArray(current) && !isStorableText(key)) return pathOf({ key: '(a field name)', parent: place })
    // Pushed last-first, so the first entry is looked at first and the first bad field is named.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] ?? ['', undefined]
      pending.push({ value: item, place: { key, parent: place } })
    }
  }
  return undefined
}

function pathOf(place: Place): string {
  const keys: string[] = []
  for (let current = place; current !== undefined; current = current.parent) keys.push(current.key)
  return keys.reverse().join('.')
}

/** The 400 message for a value with unstorable text at `path`. */
export function unstorableTextError(path: string): string {
  return `${path === '' ? 'The request' : path}: ${unstorableTextMessage}`
}
