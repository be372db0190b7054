import { describe, expect, it } from 'vitest'
import { usageColor, usagePercent } from '#src/components/dashboard/usage-meter.ts'

describe('the usage bar', () => {
  it.each([
    [0, 5, 0, 'green'],
    [3, 5, 60, 'green'],
    [69.99, 100, 69.99, 'green'],
    [7, 10, 70, 'yellow'],
    [11, 15, 73.33, 'yellow'],
    [4, 5, 80, 'yellow'],
    [89.99, 100, 89.99, 'yellow'],
    [9, 10, 90, 'red'],
    [14, 15, 93.33, 'red'],
    [5, 5, 100, 'red'],
  ])('%d of %d used is %d percent, %s', (used, total, percent, color) => {
    expect(usagePercent(used, total)).toBeCloseTo(percent, 2)
    expect(usageColor(usagePercent(used, total))).toBe(color)
  })

  it('caps progress at 100 percent and never goes below 0', () => {
    expect(usagePercent(7, 5)).toBe(100)
    expect(usagePercent(-1, 5)).toBe(0)
  })

  it('shows an empty bar without an allowance, and a full one if interviews were used anyway', () => {
    expect(usagePercent(0, 0)).toBe(0)
    expect(usageColor(usagePercent(0, 0))).toBe('green')
    expect(usagePercent(2, 0)).toBe(100)
  })
})
