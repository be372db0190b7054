/**
 * A runtime's streamed utterances (decision 0130): one timer drops those past their time, with
 * nobody asking, and keeps nothing of their people; stopping the runtime stops the timer and
 * cancels every decoding it holds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { createUtteranceRegistry, type OpenUtterance } from '#server/interviews/utterance-registry.ts'

describe("a runtime's utterance registry", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const start = Date.parse('2026-11-21T10:00:00Z')
  function utterance(userId: string, expiresAt: number) {
    const cancelled = { count: 0 }
    const open: OpenUtterance = {
      userId,
      sessionId: 'session',
      stream: {
        feed: () => undefined,
        end: () => Promise.reject(new Error('not ended here')),
        cancel: () => void (cancelled.count += 1),
      },
      digests: [],
      bytes: 0,
      openedAt: start,
      shortBlock: false,
      expiresAt,
    }
    return { open, cancelled }
  }

  it('drops an utterance past its time at the next sweep, cancelling its decoding', () => {
    const clock = fixedClock(new Date(start))
    const registry = createUtteranceRegistry(clock)
    const late = utterance('ann', start + 30_000)
    const later = utterance('ann', start + 90_000)
    registry.add('late', late.open)
    registry.add('later', later.open)
    clock.advance(30_000)
    vi.advanceTimersByTime(5_000)
    expect(late.cancelled.count).toBe(1)
    expect(later.cancelled.count).toBe(0)
    expect(registry.heldBy('ann')).toBe(1)
    clock.advance(60_000)
    vi.advanceTimersByTime(5_000)
    expect(later.cancelled.count).toBe(1)
    expect(registry.heldBy('ann')).toBe(0)
    registry.stop()
  })

  it('counts no utterance past its time among those a person holds, before the sweep comes', () => {
    const clock = fixedClock(new Date(start))
    const registry = createUtteranceRegistry(clock)
    const idle = utterance('ann', start + 30_000)
    registry.add('idle', idle.open)
    registry.add('busy', utterance('ann', start + 90_000).open)
    clock.advance(31_000)
    expect(registry.heldBy('ann')).toBe(1)
    expect(idle.cancelled.count).toBe(1)
    registry.stop()
  })

  it('stops its timer and cancels every open decoding when the runtime stops; a late open is cancelled', () => {
    const registry = createUtteranceRegistry(fixedClock(new Date(start)))
    expect(vi.getTimerCount()).toBe(1)
    const open = utterance('ann', start + 30_000)
    registry.add('open', open.open)
    const release = registry.reserve('bob')
    registry.stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(open.cancelled.count).toBe(1)
    expect(registry.get('open')).toBeUndefined()
    // An open that was waiting for its decoder when the runtime stopped.
    release()
    const late = utterance('bob', start + 30_000)
    expect(() => registry.add('late', late.open)).toThrow(expect.objectContaining({ code: 'service-unavailable' }))
    expect(late.cancelled.count).toBe(1)
  })
})
