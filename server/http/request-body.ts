/** Why a body was refused before any of it was parsed. */
type BodyRefusal = { ok: false; status: 400 | 413; message: string }
export type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | BodyRefusal

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`
}

export const bodyTooLargeMessage = (maxBytes: number) => `The request body is larger than ${formatBytes(maxBytes)}`

const bodyTooLarge = (maxBytes: number): BodyRefusal => ({
  ok: false,
  status: 413,
  message: bodyTooLargeMessage(maxBytes),
})

/**
 * How much of a refused body is still taken in, and dropped, after the answer is ready. Most HTTP
 * clients (fetch among them) send the whole body before they read the answer: closing the
 * connection under them would turn a clear 413 into a broken pipe. Past this, the connection is cut.
 */
const discardBudgetBytes = 16 * 1024 * 1024

/** Reads and drops what remains of a refused body, in the background, up to the budget. */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const drain = async () => {
    let dropped = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      dropped += value.byteLength
      if (dropped > discardBudgetBytes) return reader.cancel()
    }
  }
  drain().catch(() => undefined)
}

/**
 * Reads a request body while counting: a declared Content-Length over the limit is refused before
 * a byte is kept, and a chunked body is refused at the first chunk past it. The rest is never kept,
 * so one huge request costs at most the limit in memory; it is dropped as it arrives, up to a
 * budget, so the client can read its refusal.
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    if (request.body) discardRest(request.body.getReader())
    return bodyTooLarge(maxBytes)
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array() }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        discardRest(reader)
        return bodyTooLarge(maxBytes)
      }
      chunks.push(value)
    }
  } catch {
    return { ok: false, status: 400, message: 'The request body could not be read' }
  }
  return { ok: true, bytes: Buffer.concat(chunks) }
}
