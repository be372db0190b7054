import { describe, expect, it } from 'vitest'
import { chartSize, usageChartModel } from '#src/components/interview/history/usage-chart-model.ts'

const period = (start: string, used: number, included: number) => ({
  orderId: `o-${start}`,
  planType: 'professional' as const,
  periodStart: `${start}T00:00:00.000Z`,
  periodEnd: `${start}T00:00:00.000Z`,
  included,
  used,
  givenBack: 0,
})

describe('the usage chart', () => {
  it('draws the oldest period on the left, bars scaled to the largest allowance and coloured by use', () => {
    const model = usageChartModel([period('2026-11-01', 14, 15), period('2026-10-01', 2, 5)])
    expect(model.bars.map((bar) => [bar.used, bar.included, bar.color])).toEqual([
      [2, 5, 'green'],
      [14, 15, 'red'],
    ])
    expect(model.bars[0]?.x).toBeLessThan(model.bars[1]?.x ?? 0)
    expect(model.max).toBe(15)
    expect(model.bars[1]?.includedY).toBe(chartSize.top)
    expect(model.bars[0]?.usedY).toBeGreaterThan(model.bars[1]?.usedY ?? 0)
    expect(
      model.bars.every((bar) => bar.x >= chartSize.left && bar.x + bar.width <= chartSize.width - chartSize.right),
    ).toBe(true)
    expect(model.ticks.map((tick) => tick.value)).toEqual([0, 8, 15])
  })

  it('copes with a period that used nothing of nothing', () => {
    const model = usageChartModel([period('2026-11-01', 0, 0)])
    expect(model.max).toBe(1)
    expect(model.bars[0]?.usedY).toBe(model.baseline)
  })
})
