import { createHash, type Hash } from 'node:crypto'

/**
 * What makes two requests "the same" for an Idempotency-Key: method, path and content, not its
 * spelling. A client that rebuilds a retry gets a new multipart boundary and may order JSON keys
 * differently; neither changes the request. So JSON is hashed with its keys sorted, a form as its
 * fields' names and contents in order, anything else as its bytes.
 */
export async function requestFingerprint(
  request: { method: string; path: string; contentType: string | null },
  body: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const hash = createHash('sha256').update(`${request.method} ${request.path}\n`)
  const mediaType = request.contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === 'multipart/form-data' && request.contentType) await hashForm(hash, request.contentType, body)
  else if (mediaType === 'application/json') hashJson(hash, body)
  else hash.update(body)
  return hash.digest('base64url')
}

function hashJson(hash: Hash, body: Uint8Array) {
  try {
    hash.update(JSON.stringify(sortedKeys(JSON.parse(new TextDecoder().decode(body)))))
  } catch {
    hash.update(body)
  }
}

async function hashForm(hash: Hash, contentType: string, body: Uint8Array<ArrayBuffer>) {
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch {
    hash.update(body)
    return
  }
  for (const [name, value] of form) {
    hash.update(`${JSON.stringify(name)}=`)
    hash.update(typeof value === 'string' ? value : new Uint8Array(await value.arrayBuffer()))
    hash.update('\n')
  }
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, sortedKeys(item)]),
  )
}
