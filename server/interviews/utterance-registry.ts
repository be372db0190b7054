/**
 * The streamed utterances one runtime holds (decision 0130): the open ones, the ones being opened,
 * and one timer that drops those past their time. Owned by the runtime, not the process, so that
 * two runtimes in one process share nothing and a runtime that stops cancels what it decodes.
 */
import type { Clock } from '#events/clock.ts'
import { DomainError } from '#events/domain-error.ts'
import type { ListeningStream } from '#server/ai/ai-engine.ts'

export type OpenUtterance = {
  userId: string
  sessionId: string
  stream: ListeningStream
  /** Each received block's digest, by its number: a repeat is recognised, a changed one refused. */
  digests: string[]
  bytes: number
  /** Milliseconds since the epoch at the open: the audio may not run ahead of the time since. */
  openedAt: number
  /** A block shorter than the smallest was received: it was the last. */
  shortBlock: boolean
  /** Milliseconds since the epoch from which it is dropped: its lifetime's end, or its idle limit. */
  expiresAt: number
}

export type UtteranceRegistry = ReturnType<typeof createUtteranceRegistry>

/** How often the expired ones are looked for: they are refused at once, this only frees their decoding. */
const sweepMs = 5_000

export function createUtteranceRegistry(clock: Clock) {
  const open = new Map<string, OpenUtterance>()
  /**
   * Utterances being opened, by person: counted with the open ones from the moment the request is
   * checked, before anything is awaited, so that parallel opens cannot all pass the bound.
   */
  const opening = new Map<string, number>()
  let stopped = false

  const expired = (utterance: OpenUtterance) => clock.now().getTime() >= utterance.expiresAt
  /** Forgets it, and stops its decoding. */
  const drop = (id: string, utterance: OpenUtterance) => {
    open.delete(id)
    utterance.stream.cancel()
  }
  const sweep = () => {
    for (const [id, utterance] of open) if (expired(utterance)) drop(id, utterance)
  }
  const timer = setInterval(sweep, sweepMs)
  // Nothing to drop does not keep the process alive.
  timer.unref()

  return {
    /** The open utterance, if it has not expired (an expired one is dropped now). */
    get(id: string): OpenUtterance | undefined {
      const utterance = open.get(id)
      if (!utterance || !expired(utterance)) return utterance
      drop(id, utterance)
      return undefined
    },
    /** The person's utterances open or being opened. */
    heldBy(userId: string): number {
      let held = opening.get(userId) ?? 0
      for (const [id, utterance] of open) {
        if (utterance.userId !== userId) continue
        // One past its time is not held, whether or not the sweep has come by.
        if (expired(utterance)) drop(id, utterance)
        else held += 1
      }
      return held
    },
    /** Counts one being opened for the person until the returned release is called. */
    reserve(userId: string): () => void {
      opening.set(userId, (opening.get(userId) ?? 0) + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (opening.get(userId) ?? 1) - 1
        if (left > 0) opening.set(userId, left)
        else opening.delete(userId)
      }
    },
    /** Holds it; once the runtime has stopped, its decoding is cancelled and the open refused. */
    add(id: string, utterance: OpenUtterance): void {
      if (stopped) {
        utterance.stream.cancel()
        throw new DomainError('service-unavailable', 'This server is stopping: open the utterance again')
      }
      open.set(id, utterance)
    },
    /** Forgets it without stopping its decoding (its end takes it over); undefined when not held. */
    take(id: string): OpenUtterance | undefined {
      const utterance = open.get(id)
      open.delete(id)
      return utterance
    },
    /** Stops the timer and cancels every open utterance's decoding. */
    stop(): void {
      stopped = true
      clearInterval(timer)
      for (const [id, utterance] of open) drop(id, utterance)
      opening.clear()
    },
  }
}
