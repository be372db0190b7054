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

/**
 * The path of the first string (or object key) in a parsed value that the database cannot store,
 * e.g. `lastName` or `notes.email`; `''` for the value itself; undefined when all of it can be stored.
 */
export function findUnstorableText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, join(path, String(index)))
      if (found !== undefined) return found
    }
    return undefined
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return join(path, '(a field name)')
      const found = findUnstorableText(item, join(path, key))
      if (found !== undefined) return found
    }
  }
  return undefined
}

/** The 400 message for a value with unstorable text at `path`. */
export function unstorableTextError(path: string): string {
  return `${path === '' ? 'The request' : path}: ${unstorableTextMessage}`
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`)
