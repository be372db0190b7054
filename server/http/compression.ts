import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib'
import { jsonTextOf } from '#server/http/json-response.ts'

type Encoding = 'br' | 'gzip'

/** Below this a compressed body saves less than the extra work costs. */
const compressionThresholdBytes = 1024

/**
 * The encoding to answer in: brotli when the client takes it, else gzip, else none; a q=0 refuses.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | undefined {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0
  const best = (['br', 'gzip'] as const).filter((encoding) => weight(encoding) > 0)
  return best.sort((a, b) => weight(b) - weight(a))[0]
}

const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/.test(type)
const isHtml = (type: string) => type.startsWith('text/html')

/**
 * Compresses JSON answers past the threshold (read whole: they are bounded) and pages (streamed,
 * flushed after each chunk so a streamed render still arrives as it is written). Left alone:
 * server-sent events and every other type, bodies already encoded, HEAD, and `no-transform`.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const text = jsonTextOf(response)
  if (text !== undefined) return compressJsonText(request, response, text)
  const type = response.headers.get('content-type') ?? ''
  if (!response.body || request.method === 'HEAD' || (!isJson(type) && !isHtml(type))) return response
  if (response.headers.has('content-encoding') || /\bno-transform\b/.test(response.headers.get('cache-control') ?? ''))
    return response
  const headers = new Headers(response.headers)
  appendVary(headers, 'Accept-Encoding')
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  const init = { status: response.status, statusText: response.statusText, headers }
  if (isJson(type)) {
    const body = new Uint8Array(await response.arrayBuffer())
    if (!encoding || body.byteLength < compressionThresholdBytes) return new Response(body, init)
    headers.set('content-encoding', encoding)
    headers.delete('content-length')
    return new Response(new Uint8Array(await compressWhole(body, encoding)), init)
  }
  if (!encoding) return new Response(response.body, init)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  return new Response(compressStream(response.body, encoding), init)
}

/**
 * The same for a JSON answer whose text is known (json-response.ts): sized and encoded from the
 * text, the answer kept as it is (headers changed in place) when it stays uncompressed.
 */
async function compressJsonText(request: Request, response: Response, text: string): Promise<Response> {
  if (request.method === 'HEAD') return response
  const { headers } = response
  if (headers.has('content-encoding') || /\bno-transform\b/.test(headers.get('cache-control') ?? '')) return response
  appendVary(headers, 'Accept-Encoding')
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  if (!encoding || Buffer.byteLength(text) < compressionThresholdBytes) return response
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  const compressed = new Uint8Array(await compressWhole(Buffer.from(text), encoding))
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers })
}

export function appendVary(headers: Headers, name: string): void {
  const present = (headers.get('vary') ?? '').split(',').map((value) => value.trim().toLowerCase())
  if (present.includes(name.toLowerCase()) || present.includes('*')) return
  headers.append('vary', name)
}

function compressor(encoding: Encoding): BrotliCompress | Gzip {
  // Brotli's quality 5 is about as fast as gzip's default and smaller; 11 is for build time.
  return encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip()
}

async function compressWhole(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const chunks: Buffer[] = []
  const stream = compressor(encoding)
  stream.end(body)
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const zip = compressor(encoding)
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        zip.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)))
        zip.on('error', (error) => controller.error(error))
      },
      transform: (chunk) =>
        new Promise<void>((resolve) => {
          zip.write(chunk)
          zip.flush(flushKind, () => resolve())
        }),
      flush: () =>
        new Promise<void>((resolve) => {
          zip.once('end', resolve)
          zip.end()
        }),
    }),
  )
}
