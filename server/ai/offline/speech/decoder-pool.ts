/**
 * Long-lived decoders of one model, started when first needed and kept for the next clip. The
 * caller bounds how many are used at once (the fair per-person limit of pocketsphinx.ts), so the
 * pool never holds more decoders than that. A decoder that has died or been killed is dropped and a
 * new one started in its place; `close` stops them all.
 */
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'

type PooledDecoder = { readonly running: boolean; stop(): Promise<void> }

export type DecoderPool<Decoder extends PooledDecoder> = {
  /** Runs `work` on a free decoder, starting one if none is free. */
  use<T>(work: (decoder: Decoder) => Promise<T>): Promise<T>
  /** Stops every decoder; a later `use` is refused. */
  close(): Promise<void>
}

export function createDecoderPool<Decoder extends PooledDecoder>(
  start: () => Promise<Decoder>,
  recognizer: string,
): DecoderPool<Decoder> {
  const idle: Decoder[] = []
  const all = new Set<Decoder>()
  let closed = false

  async function acquire(): Promise<Decoder> {
    for (let decoder = idle.pop(); decoder; decoder = idle.pop()) {
      if (decoder.running) return decoder
      all.delete(decoder)
    }
    const started = await start()
    if (closed) {
      await started.stop()
      throw shutDown()
    }
    all.add(started)
    return started
  }

  const shutDown = () => new RecognizerFailedError(recognizer, 'The speech decoders have been shut down.')

  async function use<T>(work: (decoder: Decoder) => Promise<T>): Promise<T> {
    if (closed) throw shutDown()
    const decoder = await acquire()
    try {
      return await work(decoder)
    } finally {
      release(decoder)
    }
  }

  function release(decoder: Decoder): void {
    if (decoder.running && !closed) idle.push(decoder)
    else all.delete(decoder)
  }

  async function close(): Promise<void> {
    closed = true
    idle.length = 0
    await Promise.all([...all].map((decoder) => decoder.stop()))
  }

  return { use, close }
}
