/**
 * The decoder process's protocol from the server's side (decision 0121): several utterances open
 * at once on one process, each answered by its number whatever the order the answers come in; a
 * failure before the end waits for it; a cancel is sent and the end refused. A Python stand-in
 * speaks the protocol and answers each utterance with the bytes it was fed, so the assertions read
 * what reached it.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decoderMessage, startDecoder, type Decoder } from '#server/ai/offline/speech/decoder-process.ts'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'

// Answers each utterance when it ends with a line per feed ("fed <bytes>"), holding the answer of
// the first utterance ended until a second one has ended too (answers out of order); fails an
// utterance fed the bytes "fail!" at once (and, as the program does, forgets it); logs every cancel.
const standIn = `#!/usr/bin/env python3
import json, struct, sys
fed, held, cancelled, failed = {}, [], [], set()
while True:
    header = sys.stdin.buffer.read(9)
    if len(header) < 9:
        break
    kind, number, size = struct.unpack('>cII', header)
    payload = sys.stdin.buffer.read(size)
    if kind == b'O':
        fed[number] = []
    elif kind == b'F':
        if payload == b'fail!':
            sys.stdout.write(json.dumps({'id': number, 'error': 'The speech decoder stopped on this clip (signal 11)'}) + '\\n')
            failed.add(number)
        fed.setdefault(number, []).append(len(payload))
    elif kind == b'C':
        cancelled.append(number)
    elif kind == b'E' and number not in failed:
        text = ' '.join('fed %d' % count for count in fed.pop(number, []))
        if cancelled:
            text += ' after cancelling %s' % cancelled
        held.append({'id': number, 'output': text + '\\n'})
        if len(held) == 2:
            for reply in reversed(held):
                sys.stdout.write(json.dumps(reply) + '\\n')
            held = []
    sys.stdout.flush()
`

let folder: string
let decoder: Decoder

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ih-stt-test-stream-'))
  await writeFile(join(folder, 'decoder'), standIn)
  await chmod(join(folder, 'decoder'), 0o755)
  decoder = startDecoder({ program: join(folder, 'decoder'), args: [] })
})

afterAll(async () => {
  await decoder.stop()
  await rm(folder, { recursive: true, force: true })
})

describe('utterances on one decoder process', () => {
  it('frame each message as a kind, the utterance number and the byte count, big-endian', () => {
    expect([...decoderMessage('F', 258, Uint8Array.of(7, 8))]).toEqual([0x46, 0, 0, 1, 2, 0, 0, 0, 2, 7, 8])
    expect([...decoderMessage('E', 1)]).toEqual([0x45, 0, 0, 0, 1, 0, 0, 0, 0])
  })

  it('are fed in turns and each gets its own words, whatever order the answers come in', async () => {
    const first = decoder.open()
    const second = decoder.open()
    first.feed(new Uint8Array(4))
    second.feed(new Uint8Array(6))
    first.feed(new Uint8Array(2))
    const heard = Promise.all([first.end(5_000), second.end(5_000)])
    expect((await heard).map(({ text }) => text)).toEqual(['fed 4 fed 2', 'fed 6'])
  })

  it('give a failure that came before the end at the end, and a cancelled one is refused', async () => {
    const failing = decoder.open()
    failing.feed(new TextEncoder().encode('fail!'))
    const cancelled = decoder.open()
    cancelled.feed(new Uint8Array(2))
    cancelled.cancel()
    const error = await failing.end(5_000).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerFailedError)
    expect((error as Error).message).toMatch(/stopped on this clip \(signal 11\)/)
    await expect(cancelled.end(5_000)).rejects.toThrow(/already ended|cancelled/)
    // The stand-in heard the cancel: the next two utterances' answers say so.
    const [one, two] = await Promise.all([
      decoder.decode(new Uint8Array(2), 5_000),
      decoder.decode(new Uint8Array(2), 5_000),
    ])
    expect(one.text).toMatch(/after cancelling \[\d+\]/)
    expect(two.text).toMatch(/^fed 2/)
  })
})
