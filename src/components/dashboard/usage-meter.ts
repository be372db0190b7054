export type UsageColor = 'green' | 'yellow' | 'red'

/** The share of the period's interviews used, capped at 100 percent. */
export function usagePercent(used: number, total: number): number {
  if (total <= 0) return used > 0 ? 100 : 0
  return Math.min(100, Math.max(0, (used / total) * 100))
}

/** The usage bar's colour: red at 90 percent or more, yellow at 70 percent or more, otherwise green. */
export function usageColor(percent: number): UsageColor {
  if (percent >= 90) return 'red'
  if (percent >= 70) return 'yellow'
  return 'green'
}

export const usageColorClasses: Record<UsageColor, string> = {
  green: 'bg-signal-go',
  yellow: 'bg-signal-caution',
  red: 'bg-signal-stop',
}
