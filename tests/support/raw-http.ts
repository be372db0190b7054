import { request } from 'node:http'

export type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer }

/**
 * One request with node:http, answer as sent: unlike fetch it decodes no Content-Encoding, so a
 * test sees the bytes on the wire and the headers exactly.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(incoming.headers))
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
        resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks) })
      })
      incoming.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}
