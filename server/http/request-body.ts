/** Why a body was refused before any of it was parsed. */
type BodyRefusal = { ok: false; status: 400 | 413; message: string }
export type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | BodyRefusal

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`
}

const bodyTooLarge = (maxBytes: number): BodyRefusal => ({
  ok: false,
  status: 413,
  message: `The request body is larger than ${formatBytes(maxBytes)}`,
})

/**
 * Reads a request body while counting: a declared Content-Length over the limit is refused before
 * a byte is read, and a chunked body is cut off at the first chunk past it. The rest is never read
 * or kept, so one huge request costs at most the limit in memory.
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined)
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
        await reader.cancel().catch(() => undefined)
        return bodyTooLarge(maxBytes)
      }
      chunks.push(value)
    }
  } catch {
    return { ok: false, status: 400, message: 'The request body could not be read' }
  }
  return { ok: true, bytes: Buffer.concat(chunks) }
}
