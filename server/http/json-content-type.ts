// `application/json`, optionally with `charset=utf-8`; the words are case-insensitive, the value may be quoted.
const jsonMediaType = /^application\/json\s*(?:;\s*charset\s*=\s*(?:utf-8|"utf-8")\s*)?$/i

/**
 * Whether a Content-Type names JSON the way the API reads it: UTF-8, nothing else. A look-alike
 * (`application/jsonx`) or another charset would be decoded as UTF-8 anyway and mean something else.
 */
export function isJsonContentType(header: string | null): boolean {
  return header !== null && jsonMediaType.test(header.trim())
}

export const jsonContentTypeRequired = 'Send the request body as JSON with Content-Type: application/json'
