import { describe, expect, it } from 'vitest'
import { burstMs, pollCycle } from '#server/http/poll-cycle.ts'

describe('the poll cycle of one address', () => {
  it('is no poller after a single check', () => {
    expect(pollCycle([0])).toBeUndefined()
  })

  it('counts one check per cycle for a lone checker', () => {
    expect(pollCycle([0, 2_000, 4_000])).toEqual({ checksPerCycle: 1, cycleMs: 2_000 })
  })

  it('counts the checkers that tick together, a few milliseconds apart, as one cycle', () => {
    expect(pollCycle([0, 3, 5, 9, 2_000, 2_002, 2_006, 2_011])).toEqual({ checksPerCycle: 4, cycleMs: 2_000 })
  })

  it('finds the cycle of checkers out of step: not the pause to the next burst', () => {
    expect(pollCycle([0, 1, 2, 3, 1_000, 2_000, 2_001, 2_002, 2_003, 3_000])).toEqual({
      checksPerCycle: 5,
      cycleMs: 2_000,
    })
  })

  it('counts every check within the longest pause when the bursts did not recur alike', () => {
    expect(pollCycle([0, 1, 2, 2_000, 2_001, 4_000])).toEqual({ checksPerCycle: 6, cycleMs: 2_000 })
  })

  it('counts a single burst, whose checkers all check within its bound of each other', () => {
    expect(pollCycle([0, 2, 4, 7])).toEqual({ checksPerCycle: 4, cycleMs: burstMs })
  })
})
