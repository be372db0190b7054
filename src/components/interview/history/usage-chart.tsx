import { useId } from 'react'
import { findPlan } from '#app.catalog.ts'
import { DataTable } from '#src/components/ui/table.tsx'
import { formatLongDate } from '#src/lib/dates.ts'
import type { UsagePeriod } from '#src/interview/interview-types.ts'
import { chartSize, usageChartModel } from './usage-chart-model.ts'

const fills = {
  green: 'fill-signal-go',
  yellow: 'fill-signal-caution',
  red: 'fill-signal-stop',
} as const

/** Interviews used in each recent plan period: an SVG bar chart, and the same numbers as a table. */
export function UsageChart({ periods }: { periods: readonly UsagePeriod[] }) {
  const titleId = useId()
  const descId = useId()
  if (periods.length === 0)
    return <p className="text-sm text-fg-muted">No plan periods yet: your usage shows here once you have a plan.</p>
  const model = usageChartModel(periods)
  const summary = model.bars.map((bar) => `${bar.label}: ${bar.used} of ${bar.included}`).join('; ')
  return (
    <figure>
      <svg
        viewBox={`0 0 ${chartSize.width} ${chartSize.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full text-fg-muted"
      >
        <title id={titleId}>Interviews used per plan period</title>
        <desc id={descId}>{summary}</desc>
        {model.ticks.map((tick) => (
          <g key={tick.value}>
            <line
              x1={chartSize.left}
              x2={chartSize.width - chartSize.right}
              y1={tick.y}
              y2={tick.y}
              className="stroke-line"
              strokeWidth="1"
            />
            <text x={chartSize.left - 6} y={tick.y + 4} textAnchor="end" className="fill-current text-[11px]">
              {tick.value}
            </text>
          </g>
        ))}
        {model.bars.map((bar) => (
          <g key={bar.key} data-color={bar.color}>
            <rect
              x={bar.x}
              y={bar.includedY}
              width={bar.width}
              height={model.baseline - bar.includedY}
              rx="4"
              className="fill-line"
            />
            <rect
              x={bar.x}
              y={bar.usedY}
              width={bar.width}
              height={model.baseline - bar.usedY}
              rx="4"
              className={fills[bar.color]}
            />
            <text
              x={bar.x + bar.width / 2}
              y={Math.min(bar.usedY, bar.includedY) - 6}
              textAnchor="middle"
              className="fill-fg-value text-[12px] font-semibold"
            >
              {bar.used}/{bar.included}
            </text>
            <text
              x={bar.x + bar.width / 2}
              y={model.baseline + 18}
              textAnchor="middle"
              className="fill-current text-[11px]"
            >
              {bar.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-fg-muted">
        Used interviews over the interviews included, per plan period (by start date).
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-accent focus-ring">Show as a table</summary>
        <UsageTable periods={periods} />
      </details>
    </figure>
  )
}

function UsageTable({ periods }: { periods: readonly UsagePeriod[] }) {
  return (
    <DataTable
      label="Interviews used per plan period"
      caption="Interviews used per plan period, newest first"
      columns={['Period', 'Plan', 'Used', 'Included', 'Given back']}
      minWidth="min-w-[32rem]"
      className="mt-2"
    >
      {periods.map((period) => (
        <tr key={`${period.orderId}-${period.periodStart}`}>
          <td className="py-2 pr-4">
            {formatLongDate(period.periodStart)} – {formatLongDate(period.periodEnd)}
          </td>
          <td className="py-2 pr-4">{findPlan(period.planType)?.name ?? period.planType}</td>
          <td className="py-2 pr-4">{period.used}</td>
          <td className="py-2 pr-4">{period.included}</td>
          <td className="py-2">{period.givenBack}</td>
        </tr>
      ))}
    </DataTable>
  )
}
