/**
 * The page's side of an utterance streamed while it is spoken (decision 0121): blocks of 0.4 s in
 * order, the rest at the end; a dropped connection loses nothing (what the server has not
 * acknowledged goes again), a server that lost the utterance gets the whole recording instead, and
 * a misfire is cancelled there. A fake transport stands in for the server.
 */
import { describe, expect, it } from 'vitest'
import { AudioQuestionFailure, ConnectionLost } from '#src/interview/audio-question.ts'
import type { AudioAnswer } from '#src/interview/interview-types.ts'
import { blockSamples, createStreamedUtterance } from '#src/interview/streamed-utterance.ts'
import { UtteranceGone, type UtteranceTransport } from '#src/interview/utterance-transport.ts'

const answer = { transcript: 'what is a hash map', response: 'A hash map…' } as unknown as AudioAnswer
const listeners = { onHeard: () => undefined, onDelta: () => undefined }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A server keeping what it was sent; `failing` decides, per call, whether the connection drops. */
function fakeServer(failing: (call: string) => Error | undefined = () => undefined) {
  const calls: string[] = []
  const keys = new Set<string>()
  const received: number[][] = []
  let wholeSamples = 0
  const fail = (call: string) => {
    calls.push(call)
    const error = failing(call)
    if (error) throw error
  }
  const transport: UtteranceTransport = {
    open: () => {
      fail('open')
      return Promise.resolve('u1')
    },
    block: (_, sequence, bytes) => {
      fail(`block ${sequence}`)
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      received[sequence] = Array.from({ length: bytes.byteLength / 2 }, (_, index) => view.getInt16(index * 2, true))
      return Promise.resolve(received.length)
    },
    end: (_, blocks, key) => {
      keys.add(key)
      fail(`end ${blocks}`)
      return Promise.resolve(answer)
    },
    cancel: () => {
      calls.push('cancel')
      return Promise.resolve()
    },
    whole: async (wav) => {
      calls.push('whole')
      wholeSamples = (wav.size - 44) / 2
      return Promise.resolve(answer)
    },
  }
  return { transport, calls, keys, received, wholeSamples: () => wholeSamples }
}

/** `seconds` of a ramp, so each sample says where it was in the utterance. */
const speech = (samples: number) => Float32Array.from({ length: samples }, (_, index) => (index % 1000) / 1000)

describe('an utterance streamed while it is spoken', () => {
  it('sends 0.4 s blocks in order as they are captured, and the rest with the end', async () => {
    const server = fakeServer()
    const utterance = createStreamedUtterance('s1', server.transport)
    // Frames of 512 samples, as the voice detector hands them over.
    for (let frame = 0; frame < 30; frame += 1) utterance.push(speech(512))
    await settle()
    expect(server.calls).toEqual(['open', 'block 0', 'block 1'])
    expect(await utterance.finish(listeners)).toBe(answer)
    expect(server.calls).toEqual(['open', 'block 0', 'block 1', 'block 2', 'end 3'])
    expect(server.received.map((block) => block.length)).toEqual([
      blockSamples,
      blockSamples,
      30 * 512 - 2 * blockSamples,
    ])
    expect(server.received[1]?.[511]).toBe(Math.round(((blockSamples + 511 - 13 * 512) / 1000) * 0x7fff))
  })

  it('keeps what the connection could not carry and sends it, in order, when called again', async () => {
    let down = true
    const server = fakeServer((call) => (down && call === 'block 1' ? new ConnectionLost('offline') : undefined))
    const utterance = createStreamedUtterance('s1', server.transport)
    utterance.push(speech(3 * blockSamples + 100))
    await expect(utterance.finish(listeners)).rejects.toBeInstanceOf(ConnectionLost)
    expect(server.calls.filter((call) => call.startsWith('end'))).toEqual([])
    down = false
    expect(await utterance.finish(listeners)).toBe(answer)
    expect(server.calls.slice(-4)).toEqual(['block 1', 'block 2', 'block 3', 'end 4'])
    expect(server.received.map((block) => block.length)).toEqual([blockSamples, blockSamples, blockSamples, 100])
  })

  it('repeats an end whose answer was lost with the same key, so the server answers it once', async () => {
    let lost = true
    const server = fakeServer((call) => (lost && call.startsWith('end') ? new ConnectionLost('reset') : undefined))
    const utterance = createStreamedUtterance('s1', server.transport)
    utterance.push(speech(blockSamples + 10))
    await expect(utterance.finish(listeners)).rejects.toBeInstanceOf(ConnectionLost)
    lost = false
    expect(await utterance.finish(listeners)).toBe(answer)
    expect(server.calls.filter((call) => call.startsWith('end'))).toEqual(['end 2', 'end 2'])
    expect(server.keys.size).toBe(1)
  })

  it('sends the whole recording as an audio question when the server no longer has the utterance', async () => {
    const server = fakeServer((call) => (call.startsWith('end') ? new UtteranceGone('not found') : undefined))
    const utterance = createStreamedUtterance('s1', server.transport)
    utterance.push(speech(2 * blockSamples + 10))
    expect(await utterance.finish(listeners)).toBe(answer)
    expect(server.calls.at(-1)).toBe('whole')
    expect(server.wholeSamples()).toBe(2 * blockSamples + 10)
  })

  const openFailures: [string, Error][] = [
    ['refused as too busy (429) or failing (5xx)', new AudioQuestionFailure('Too many utterances open')],
    ['not answered (the connection)', new ConnectionLost('offline')],
  ]
  it.each(openFailures)('sends the whole recording as an audio question when its open is %s', async (_, refusal) => {
    const server = fakeServer((call) => (call === 'open' ? refusal : undefined))
    const utterance = createStreamedUtterance('s1', server.transport)
    utterance.push(speech(2 * blockSamples + 10))
    expect(await utterance.finish(listeners)).toBe(answer)
    expect(server.calls).toEqual(['open', 'whole'])
    expect(server.wholeSamples()).toBe(2 * blockSamples + 10)
  })

  it('says why when the server refuses a block for good, and does not send it again', async () => {
    const server = fakeServer((call) =>
      call === 'block 0' ? new AudioQuestionFailure('Your plan does not include listening') : undefined,
    )
    const utterance = createStreamedUtterance('s1', server.transport)
    utterance.push(speech(blockSamples))
    await expect(utterance.finish(listeners)).rejects.toThrow(/does not include listening/)
    expect(server.calls).toEqual(['open', 'block 0'])
  })

  it('cancels a misfire there, even one cancelled while it was being opened, and sends nothing more', async () => {
    const server = fakeServer()
    const utterance = createStreamedUtterance('s1', server.transport)
    utterance.push(speech(blockSamples))
    utterance.cancel()
    await settle()
    utterance.push(speech(blockSamples))
    await settle()
    expect(server.calls).toEqual(['open', 'cancel'])
  })
})
