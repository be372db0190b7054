import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import type { ProgressChart } from './progress-series.ts'

/** Mid-tone colours that keep their contrast on the white card and on the dark one alike. */
const palette = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#94a3b8'] as const

const axisTick = { fill: 'currentColor', fontSize: 12 }
const tooltipStyle = {
  contentStyle: { backgroundColor: '#111827', border: 'none', borderRadius: 8, color: '#f9fafb' },
  itemStyle: { color: '#f9fafb' },
  labelStyle: { color: '#f9fafb' },
}

const domainOf = (unit: ProgressChart['unit']): [number, number | 'auto'] =>
  unit === '%' ? [0, 100] : unit === 'of 5' ? [0, 5] : [0, 'auto']

/**
 * One chart of the progress page, drawn with Recharts and sized by its box (so it fits 375 px).
 * Axes and grid take the text colour of the theme; the table beside it carries the same numbers
 * for a screen reader, and the arrow keys step through the weeks for a keyboard.
 */
export default function ProgressChartDrawing({ chart }: { chart: ProgressChart }) {
  const data = [...chart.rows]
  const common = {
    data,
    responsive: true,
    style: { width: '100%', height: 240 },
    margin: { top: 8, right: 8, bottom: 0, left: -16 },
    title: chart.title,
    desc: `${chart.title}, week by week. The table beside the chart lists the same numbers.`,
  }
  const axes = (
    <>
      <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
      <XAxis dataKey="week" tick={axisTick} stroke="currentColor" tickMargin={6} minTickGap={12} />
      <YAxis
        tick={axisTick}
        stroke="currentColor"
        allowDecimals={chart.unit === 'of 5'}
        domain={domainOf(chart.unit)}
        width={48}
      />
      <Tooltip {...tooltipStyle} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
    </>
  )
  return (
    <div className="text-fg-muted" data-testid={`${chart.id}-chart`}>
      {chart.kind === 'line' ? (
        <LineChart {...common}>
          {axes}
          {chart.series.map((series, index) => (
            <Line
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stroke={palette[index % palette.length]}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart {...common}>
          {axes}
          {chart.kind === 'stacked' && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {chart.series.map((series, index) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.label}
              fill={palette[index % palette.length]}
              {...(chart.kind === 'stacked' ? { stackId: 'week' } : {})}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </div>
  )
}
