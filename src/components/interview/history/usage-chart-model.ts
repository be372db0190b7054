import { formatShortDate } from '#src/interview/display.ts'
import type { UsagePeriod } from '#src/interview/interview-types.ts'
import { usageColor, usagePercent, type UsageColor } from '#src/components/dashboard/usage-meter.ts'

export const chartSize = { width: 640, height: 260, left: 36, right: 12, top: 24, bottom: 36 } as const

type ChartBar = {
  key: string
  label: string
  used: number
  included: number
  x: number
  width: number
  /** Top of the used bar and of the allowance behind it, in SVG units. */
  usedY: number
  includedY: number
  color: UsageColor
}

export type ChartModel = { bars: ChartBar[]; max: number; ticks: { value: number; y: number }[]; baseline: number }

/** Bar geometry for the recent plan periods, oldest on the left (the API lists newest first). */
export function usageChartModel(periods: readonly UsagePeriod[]): ChartModel {
  const { width, height, left, right, top, bottom } = chartSize
  const baseline = height - bottom
  const plotHeight = baseline - top
  const max = Math.max(1, ...periods.map((period) => Math.max(period.included, period.used)))
  const y = (value: number) => baseline - (value / max) * plotHeight
  const slot = (width - left - right) / Math.max(1, periods.length)
  const barWidth = Math.min(56, slot * 0.6)
  const bars = [...periods].reverse().map((period, index) => ({
    key: `${period.orderId}-${period.periodStart}`,
    label: formatShortDate(period.periodStart),
    used: period.used,
    included: period.included,
    x: left + slot * index + (slot - barWidth) / 2,
    width: barWidth,
    usedY: y(period.used),
    includedY: y(period.included),
    color: usageColor(usagePercent(period.used, period.included)),
  }))
  const ticks = [...new Set([0, Math.round(max / 2), max])].map((value) => ({ value, y: y(value) }))
  return { bars, max, ticks, baseline }
}
