/**
 * How the page's utterance transport reads the answers that decide what happens next (decision
 * 0121): the app's 404 means the server no longer has the utterance (the whole recording goes
 * instead); a proxy's gateway error, without the app's envelope, means the request did not get
 * through (it is sent again); the app's own refusals, 5xx included, stand.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AudioQuestionFailure, ConnectionLost } from '#src/interview/audio-question.ts'
import { httpUtteranceTransport, UtteranceGone } from '#src/interview/utterance-transport.ts'

const id = '6f1c2b1e-6a4f-4f7e-9a56-1d2f3a4b5c6d'
const listeners = { onHeard: () => undefined, onDelta: () => undefined }
const envelope = (status: number, code: string, error: string) =>
  Response.json({ success: false, error, code }, { status })

/** Every request the transport makes is answered with `answer()`. */
function answering(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer())),
  )
}

const block = () => httpUtteranceTransport.block(id, 2, new Uint8Array(64))
const end = () => httpUtteranceTransport.end(id, 3, 'key', listeners)
const open = () => httpUtteranceTransport.open('session')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the utterance transport', () => {
  it('reads the app’s 404 as an utterance the server no longer has, for a block and for the end', async () => {
    answering(() => envelope(404, 'not_found', 'No open utterance has this id'))
    await expect(block()).rejects.toBeInstanceOf(UtteranceGone)
    await expect(end()).rejects.toBeInstanceOf(UtteranceGone)
  })

  it.each([502, 503, 504])(
    'reads a proxy’s %i without the app’s envelope as a request that did not get through',
    async (status) => {
      answering(() => new Response(null, { status }))
      await expect(open()).rejects.toBeInstanceOf(ConnectionLost)
      await expect(block()).rejects.toBeInstanceOf(ConnectionLost)
      await expect(end()).rejects.toBeInstanceOf(ConnectionLost)
      answering(() => new Response('<html>Bad Gateway</html>', { status, headers: { 'content-type': 'text/html' } }))
      await expect(block()).rejects.toBeInstanceOf(ConnectionLost)
    },
  )

  it('keeps the app’s own refusals, its 502 and 503 included, as refusals with its words', async () => {
    answering(() => envelope(502, 'ai_failed', 'The AI provider failed'))
    await expect(end()).rejects.toEqual(new AudioQuestionFailure('The AI provider failed'))
    answering(() => envelope(503, 'ai_not_configured', 'Nothing configured on this server can recognise speech'))
    await expect(open()).rejects.toEqual(
      new AudioQuestionFailure('Nothing configured on this server can recognise speech'),
    )
    answering(() => envelope(413, 'audio_too_long', 'Too long'))
    await expect(block()).rejects.toBeInstanceOf(AudioQuestionFailure)
  })
})
