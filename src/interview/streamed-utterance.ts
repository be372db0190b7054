import { encodeWav, toPcm16 } from './wav-encoder.ts'
import { ConnectionLost, type AnswerListeners } from './audio-question.ts'
import type { AudioAnswer } from './interview-types.ts'
import { httpUtteranceTransport, UtteranceGone, type UtteranceTransport } from './utterance-transport.ts'

/** The voice detector's rate, and the server's. */
const sampleRate = 16_000
/** Samples sent at a time while the person speaks: 0.4 s. */
export const blockSamples = 6_400

export type StreamedUtterance = {
  /** More of the utterance as it is captured (16 kHz mono samples in [-1, 1]). */
  push(samples: Float32Array): void
  /**
   * The speech has ended: sends what is left, then the answer. Rejects with `ConnectionLost` when
   * the connection is down; called again once it is back, it carries on where it stopped. When the
   * server no longer has the utterance (it waited too long for the connection), the whole
   * recording goes as an audio question instead.
   */
  finish(listeners: AnswerListeners): Promise<AudioAnswer>
  /** A misfire: the server drops it, nothing more is sent, the audio is let go. */
  cancel(): void
}

/**
 * One utterance sent while it is spoken (decision 0121): opened at the first sound of speech,
 * its audio sent in numbered blocks of 0.4 s as it is captured, one request at a time. Every block
 * stays in memory (nowhere else) until the answer has come, so that a connection that drops loses
 * nothing: what the server has not acknowledged is sent again when it is back, and a block sent
 * twice changes nothing there.
 */
export function createStreamedUtterance(
  sessionId: string,
  transport: UtteranceTransport = httpUtteranceTransport,
): StreamedUtterance {
  const blocks: Int16Array[] = []
  // One key for every attempt at the end: a repeat after a lost answer gets that answer, not a second one.
  const endKey = crypto.randomUUID()
  let pending: number[] = []
  let acknowledged = 0
  let id: string | undefined
  let gone = false
  let cancelled = false
  let failure: Error | undefined
  let pumping: Promise<void> | undefined

  const bytesOf = (block: Int16Array) => {
    const bytes = new Uint8Array(block.length * 2)
    const view = new DataView(bytes.buffer)
    block.forEach((sample, index) => view.setInt16(index * 2, sample, true))
    return bytes
  }

  function seal(all: boolean): void {
    while (pending.length >= blockSamples || (all && pending.length > 0)) {
      blocks.push(Int16Array.from(pending.slice(0, blockSamples)))
      pending = pending.slice(blockSamples)
    }
  }

  /** Sends what the server has not acknowledged, in order; stops quietly when the connection drops. */
  async function send(): Promise<void> {
    if (id === undefined) {
      try {
        id = await transport.open(sessionId)
      } catch {
        // Refused (too many open, the server busy or failing) or not answered: the page has all
        // the audio, so the question goes whole when it ends, as for an utterance the server lost.
        gone = true
        return
      }
    }
    try {
      while (!cancelled && acknowledged < blocks.length) {
        const block = blocks[acknowledged]
        if (!block) break
        acknowledged = await transport.block(id, acknowledged, bytesOf(block))
      }
      // Cancelled while a request was under way: dropped there too once it has answered.
      if (cancelled) await transport.cancel(id)
    } catch (error) {
      if (error instanceof UtteranceGone) gone = true
      else if (!(error instanceof ConnectionLost)) failure = error instanceof Error ? error : new Error(String(error))
    }
  }

  /** Sends what the server has not acknowledged, in order, one request at a time; stops quietly when the connection drops. */
  function pump(): Promise<void> {
    pumping ??= send().finally(() => {
      pumping = undefined
    })
    return pumping
  }

  const wholeRecording = () => {
    const samples = new Float32Array(blocks.reduce((sum, block) => sum + block.length, 0))
    let at = 0
    for (const block of blocks) for (const sample of block) samples[at++] = sample / 0x8000
    return new Blob([encodeWav(samples, sampleRate)], { type: 'audio/wav' })
  }

  return {
    push(samples) {
      if (cancelled) return
      for (const sample of samples) pending.push(toPcm16(sample))
      seal(false)
      if (!gone && !failure) void pump()
    },
    async finish(listeners) {
      seal(true)
      // A send already under way finishes first; then whatever is left goes.
      await pumping
      if (!gone && !failure) await pump()
      if (failure) throw failure
      if (!gone) {
        if (id === undefined || acknowledged < blocks.length)
          throw new ConnectionLost('the utterance could not be sent yet')
        try {
          return await transport.end(id, blocks.length, endKey, listeners)
        } catch (error) {
          if (!(error instanceof UtteranceGone)) throw error
          gone = true
        }
      }
      return transport.whole(wholeRecording(), sessionId, listeners)
    },
    cancel() {
      cancelled = true
      blocks.length = 0
      pending = []
      // Once opened it is dropped there too; one still opening is dropped when the open answers.
      if (id !== undefined && !pumping) void transport.cancel(id).catch(() => undefined)
    },
  }
}
