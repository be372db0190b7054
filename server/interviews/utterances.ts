/**
 * Spoken questions streamed while they are spoken (decision 0121): the page opens an utterance
 * when the voice detector hears speech begin, sends its audio in numbered blocks as it is
 * captured, and ends it when the speech stops; the engine decodes the blocks as they come, so at
 * the end only the tail is left. The blocks live in the memory of the runtime that opened them
 * (its utterance registry, decision 0130) until the end (or a cancel, or the idle or lifetime
 * limit), and nothing of them is kept afterwards: the question is recorded as an uploaded one is.
 */
import { createHash, randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { maxQuestionAudioSeconds } from '#rules/media-limits.ts'
import { LISTENING_SAMPLE_RATE, type ListeningStream } from '#server/ai/ai-engine.ts'
import { bufferedListening } from '#server/ai/buffered-listening.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import type { RateLimitState } from '#server/accounts/rate-limit-state.ts'
import { takeRateLimit, type RateLimit } from '#server/accounts/rate-limiter.ts'
import type { OpenUtterance } from './utterance-registry.ts'
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
  /**
   * Bytes of every block but the last: a tenth of a second, so that audio cannot be split into
   * many tiny blocks (each costs memory); with the longest utterance it bounds the blocks to 601.
   */
  minBlockBytes: (2 * LISTENING_SAMPLE_RATE) / 10,
  /** How far a person's audio may run ahead of the time since the open: it is spoken, not uploaded. */
  aheadSeconds: 2,
  /** An utterance is dropped this long after its open, whatever arrives. */
  lifetimeMs: (maxQuestionAudioSeconds + 30) * 1000,
  /** Utterances one person may open in a minute. */
  opensPerMinute: 30,
} as const

/** 16-bit little-endian mono samples at this rate. */
export const utteranceFormat = { encoding: 'pcm_s16le', sampleRate: LISTENING_SAMPLE_RATE, channels: 1 } as const

const unknown = () => new DomainError('not-found', utteranceRefusals.unknown)
const digestOf = (block: Uint8Array) => createHash('sha256').update(block).digest('base64url')

/** One past its lifetime or idle limit is dropped, and unknown as one that was never opened. */
function mine(scope: SignedInScope, id: string): OpenUtterance {
  const open = scope.runtime.utterances.get(id)
  // Someone else's is answered as unknown: an id says nothing about whose it is.
  if (open?.userId !== scope.userId) throw unknown()
  return open
}

/** When it is dropped if nothing more arrives: its idle limit, or its lifetime's end if sooner. */
const expiry = (open: Pick<OpenUtterance, 'openedAt'>, now: number) =>
  Math.min(now + utteranceLimits.idleMs, open.openedAt + utteranceLimits.lifetimeMs)

/** A 429 `rate-limited` with its Retry-After: nothing was taken. */
function slowDown(message: string, policy: string, quota: number, windowSeconds: number, resetSeconds: number) {
  const error = new DomainError('rate-limited', message)
  const rateLimit: RateLimitState = { policy, quota, windowSeconds, remaining: 0, resetSeconds }
  return Object.assign(error, { rateLimit })
}

/**
 * The opens of a person's minute, counted in the database's fixed windows as the other abuse
 * limits are, so that every replica sees the same count (decision 0130).
 */
export const utteranceOpenLimit: RateLimit = {
  name: 'utterance-opens',
  limit: utteranceLimits.opensPerMinute,
  windowMs: 60_000,
  message: utteranceRefusals.tooManyOpens,
}

/** Opens an utterance for the session (the named one, or the newest active): checks the plan first. */
export async function openUtterance(scope: SignedInScope, input: { sessionId?: string | undefined }) {
  const openedAt = scope.runtime.clock.now().getTime()
  const { userId } = scope
  const { utterances } = scope.runtime
  // Checked and reserved before anything is awaited: parallel opens each see the others.
  const open = utterances.heldBy(userId)
  if (open >= utteranceLimits.openPerPerson)
    throw new QueueFullRefusal(`${failures.audio}: ${utteranceRefusals.tooMany(open)}`, { waiting: 0, running: open })
  const release = utterances.reserve(userId)
  let stream: ListeningStream
  let sessionId: string
  try {
    await takeRateLimit(scope.runtime, utteranceOpenLimit, userId)
    const { session } = await prepare(scope, 'microphone', input.sessionId)
    sessionId = session.id
    const { ai } = scope.runtime
    const caller = { caller: userId }
    stream = await callAi(failures.audio, () =>
      ai.listen ? ai.listen(caller) : Promise.resolve(bufferedListening(ai, caller)),
    )
  } finally {
    release()
  }
  const id = randomUUID()
  utterances.add(id, {
    userId,
    sessionId,
    stream,
    digests: [],
    bytes: 0,
    openedAt,
    shortBlock: false,
    // Idle from when the open is answered: a slow start (the engine's first model) is not idling.
    expiresAt: expiry({ openedAt }, scope.runtime.clock.now().getTime()),
  })
  return {
    utteranceId: id,
    sessionId,
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
  if (open.shortBlock) throw new DomainError('bad-request', utteranceRefusals.shortBlockNotLast)
  // Spoken, the audio cannot be ahead of the time since the open by more than the page's lead.
  const ahead = seconds - (scope.runtime.clock.now().getTime() - open.openedAt) / 1000
  if (ahead > utteranceLimits.aheadSeconds)
    throw slowDown(
      utteranceRefusals.ahead(utteranceLimits.aheadSeconds),
      'utterance-pace',
      utteranceLimits.aheadSeconds,
      1,
      Math.ceil(ahead - utteranceLimits.aheadSeconds),
    )
  await callAi(failures.audio, () => {
    open.stream.feed(block)
    // Counted as received with the feed, before anything is awaited: the same block sent again
    // meanwhile (a retry of a request still in flight) is then a repeat, not a second block.
    open.digests.push(digest)
    open.bytes += block.byteLength
    open.shortBlock = block.byteLength < utteranceLimits.minBlockBytes
    open.expiresAt = expiry(open, scope.runtime.clock.now().getTime())
    return Promise.resolve()
  })
  return acknowledged()
}

/** Drops the utterance (a misfire: too short to be speech); nothing is decoded further or kept. */
export function cancelUtterance(scope: SignedInScope, id: string): void {
  mine(scope, id)
  scope.runtime.utterances.take(id)?.stream.cancel()
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
  scope.runtime.utterances.take(id)
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
