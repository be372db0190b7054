/**
 * The server logs when its open descriptors near the process's limit (at the limit it can accept
 * nothing, not even a health check). Descriptors are opened for real; the clock is vitest's.
 */
import { closeSync, openSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDescriptorWatch, openDescriptors, openFileLimit } from '#server/http/descriptor-watch.ts'
import type { Logger } from '#server/logger.ts'

function recordingLog() {
  const warnings: { message: string; fields: unknown }[] = []
  const ignore = () => undefined
  const log: Logger = {
    debug: ignore,
    info: ignore,
    error: ignore,
    warn: (message, fields) => {
      warnings.push({ message, fields })
    },
  }
  return { log, warnings }
}

describe('the descriptor watch', () => {
  const opened: number[] = []
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    for (const fd of opened.splice(0)) closeSync(fd)
  })

  it('reads the process limit and its open descriptors', () => {
    expect(openFileLimit()).toBeGreaterThan(0)
    expect(openDescriptors()).toBeGreaterThan(0)
  })

  it('warns once the open descriptors reach the mark, with the count and the limit, at most once a minute', () => {
    const { log, warnings } = recordingLog()
    const before = openDescriptors() ?? 0
    const check = createDescriptorWatch(log, 1024, before + 10)
    check()
    expect(warnings).toEqual([])

    for (let i = 0; i < 12; i += 1) opened.push(openSync('/dev/null', 'r'))
    vi.advanceTimersByTime(1_000)
    check()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toMatch(/open descriptors near the process limit/)
    expect(warnings[0]?.fields).toMatchObject({ limit: 1024 })
    expect((warnings[0]?.fields as { open: number }).open).toBeGreaterThanOrEqual(before + 10)

    vi.advanceTimersByTime(1_000)
    check()
    expect(warnings).toHaveLength(1)
    vi.advanceTimersByTime(60_000)
    check()
    expect(warnings).toHaveLength(2)
  })

  it('counts a burst once it has landed: a check sooner than a second after the last counts at the end of that second', () => {
    const { log, warnings } = recordingLog()
    const before = openDescriptors() ?? 0
    const check = createDescriptorWatch(log, 1024, before + 5)
    check()
    for (let i = 0; i < 8; i += 1) opened.push(openSync('/dev/null', 'r'))
    check()
    expect(warnings).toEqual([])
    vi.advanceTimersByTime(1_000)
    expect(warnings).toHaveLength(1)
  })

  it('counts nothing where the limit is unknown', () => {
    const { log, warnings } = recordingLog()
    const check = createDescriptorWatch(log, undefined, 0)
    check()
    vi.advanceTimersByTime(1_000)
    expect(warnings).toEqual([])
  })
})
