import { usageColor, usageColorClasses, usagePercent } from './usage-meter.ts'

/** The period's interviews as a bar coloured by how much is used. */
export function UsageBar({ used, total, label }: { used: number; total: number; label: string }) {
  const percent = usagePercent(used, total)
  const color = usageColor(percent)
  const rounded = Math.round(percent)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
      aria-valuetext={`${rounded}% used`}
      data-color={color}
      className="h-3 w-full overflow-hidden rounded-full bg-line"
    >
      <div
        className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${usageColorClasses[color]}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
