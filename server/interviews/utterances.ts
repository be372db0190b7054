/**
 * Spoken questions streamed while they are spoken (decision 0121): the page opens an utterance
 * when the voice detector hears speech begin, sends its audio in numbered blocks as it is
 * captured, and ends it when the speech stops; the engine decodes the blocks as they come, so at
 * the end only the tail is left. The blocks live in this process's memory until the end (or a
 * cancel, or the idle limit), and nothing of them is kept afterwards: the question is recorded
 * as an uploaded one is.
 */
import { createHash, randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { maxQuestionAudioSeconds } from '#rules/media-limits.ts'
import { LISTENING_SAMPLE_RATE, type ListeningStream } from '#server/ai/ai-engine.ts'
import { bufferedListening } from '#server/ai/buffered-listening.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { callAi } from './ai-calls.ts'
import { failures, prepare, streamSpokenQuestion } from './ask.ts'
import { mediaRefusals, QueueFullRefusal } from './media-limits.ts'
import { utteranceRefusals } from './utterance-refusals.ts'

export const utteranceLimits = {
  /** Utterances one person may have open at once. */
  openPerPerson: 2,
  /** An utterance sent nothing for this long is dropped. */
  idleMs: 30_000,
  /** Bytes of one block: two seconds of audio. */
  maxBlockBytes: 2 * 2 * LISTENING_SAMPLE_RATE,
} as const

/** 16-bit little-endian mono samples at this rate. */
export const utteranceFormat = { encoding: 'pcm_s16le', sampleRate: LISTENING_SAMPLE_RATE, channels: 1 } as const

type Open = {
  userId: string
  sessionId: string
  stream: ListeningStream
  /** Each received block's digest, by its number: a repeat is recognised, a changed one refused. */
  digests: string[]
  bytes: number
  idle: ReturnType<typeof setTimeout>
}

/** The open utterances of one server process, by id. */
const openUtterances = new Map<string, Open>()

const unknown = () => new DomainError('not-found', utteranceRefusals.unknown)
const digestOf = (block: Uint8Array) => createHash('sha256').update(block).digest('base64url')

function mine(scope: SignedInScope, id: string): Open {
  const open = openUtterances.get(id)
  // Someone else's is answered as unknown: an id says nothing about whose it is.
  if (open?.userId !== scope.userId) throw unknown()
  return open
}

function drop(id: string): void {
  const open = openUtterances.get(id)
  if (!open) return
  openUtterances.delete(id)
  clearTimeout(open.idle)
}

function idleTimer(id: string): ReturnType<typeof setTimeout> {
  const timer = setTimeout(() => {
    openUtterances.get(id)?.stream.cancel()
    drop(id)
  }, utteranceLimits.idleMs)
  // A forgotten utterance does not keep the server's process alive.
  timer.unref()
  return timer
}

/** Opens an utterance for the session (the named one, or the newest active): checks the plan first. */
export async function openUtterance(scope: SignedInScope, input: { sessionId?: string | undefined }) {
  const { session } = await prepare(scope, 'microphone', input.sessionId)
  const open = [...openUtterances.values()].filter(({ userId }) => userId === scope.userId).length
  if (open >= utteranceLimits.openPerPerson)
    throw new QueueFullRefusal(`${failures.audio}: ${utteranceRefusals.tooMany(open)}`, { waiting: 0, running: open })
  const { ai } = scope.runtime
  const caller = { caller: scope.userId }
  const stream = await callAi(failures.audio, () =>
    ai.listen ? ai.listen(caller) : Promise.resolve(bufferedListening(ai, caller)),
  )
  const id = randomUUID()
  openUtterances.set(id, {
    userId: scope.userId,
    sessionId: session.id,
    stream,
    digests: [],
    bytes: 0,
    idle: idleTimer(id),
  })
  return {
    utteranceId: id,
    sessionId: session.id,
    ...utteranceFormat,
    maxSeconds: maxQuestionAudioSeconds,
    maxBlockBytes: utteranceLimits.maxBlockBytes,
    idleSeconds: utteranceLimits.idleMs / 1000,
  }
}

/**
 * Block `sequence` (from 0, no gaps) of the utterance: fed to the decoder once; sent again with the
 * same bytes it is acknowledged again and nothing else happens.
 */
export async function feedUtterance(scope: SignedInScope, id: string, sequence: number, block: Uint8Array) {
  const open = mine(scope, id)
  const digest = digestOf(block)
  const acknowledged = () => ({ received: open.digests.length, seconds: open.bytes / 2 / LISTENING_SAMPLE_RATE })
  if (sequence < open.digests.length) {
    if (open.digests[sequence] !== digest) throw new DomainError('block-mismatch', utteranceRefusals.mismatch(sequence))
    return acknowledged()
  }
  if (sequence > open.digests.length)
    throw new DomainError('block-out-of-order', utteranceRefusals.outOfOrder(open.digests.length), {
      expected: String(open.digests.length),
    })
  const seconds = (open.bytes + block.byteLength) / 2 / LISTENING_SAMPLE_RATE
  if (seconds > maxQuestionAudioSeconds)
    throw new DomainError('audio-too-long', `${failures.audio}: ${mediaRefusals.audioTooLong(seconds)}`)
  await callAi(failures.audio, () => {
    open.stream.feed(block)
    return Promise.resolve()
  })
  open.digests.push(digest)
  open.bytes += block.byteLength
  clearTimeout(open.idle)
  open.idle = idleTimer(id)
  return acknowledged()
}

/** Drops the utterance (a misfire: too short to be speech); nothing is decoded further or kept. */
export function cancelUtterance(scope: SignedInScope, id: string): void {
  const open = mine(scope, id)
  open.stream.cancel()
  drop(id)
}

/**
 * Ends the utterance, `blocks` of them sent: its transcript and answer, as POST
 * /interview/audio-question streams them. Fewer blocks received than announced is refused and the
 * utterance stays open for the missing ones.
 */
export function endUtterance(scope: SignedInScope, id: string, blocks: number, signal?: AbortSignal) {
  const open = mine(scope, id)
  if (open.digests.length !== blocks)
    throw new DomainError('utterance-incomplete', utteranceRefusals.incomplete(open.digests.length, blocks), {
      received: String(open.digests.length),
    })
  drop(id)
  return streamSpokenQuestion(
    scope,
    {
      sessionId: open.sessionId,
      // Counted as the WAV clip of the same samples would be.
      bytes: open.bytes + 44,
      transcribe: () => open.stream.end(signal),
      whileChecking: true,
    },
    signal,
  )
}
