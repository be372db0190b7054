import type { ProgressChart } from './progress-series.ts'

const show = (value: string | number | null | undefined, unit: ProgressChart['unit']) =>
  value === null || value === undefined ? 'none' : unit === '' ? String(value) : `${value} ${unit === '%' ? '%' : unit}`

/** The chart's numbers as a table: what a screen reader or keyboard reads instead of the drawing. */
export function ChartTable({ chart }: { chart: ProgressChart }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} aria-labelledby={`${chart.id}-caption`} role="region">
      <table className="w-full text-left text-sm" data-testid={`${chart.id}-table`}>
        <caption id={`${chart.id}-caption`} className="sr-only">
          {chart.title}, week by week
        </caption>
        <thead>
          <tr className="text-fg-muted">
            <th scope="col" className="py-1 pr-3 font-medium">
              Week of
            </th>
            {chart.series.map((series) => (
              <th key={series.key} scope="col" className="py-1 pr-3 text-right font-medium">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-fg">
          {chart.rows.map((row) => (
            <tr key={String(row.week)} className="border-t border-line">
              <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                {row.week}
              </th>
              {chart.series.map((series) => (
                <td key={series.key} className="py-1 pr-3 text-right tabular-nums">
                  {show(row[series.key], chart.unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
