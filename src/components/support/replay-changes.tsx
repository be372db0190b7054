import type { RowChange } from './support-types.ts'
import { DataTable } from '#src/components/ui/table.tsx'

const shown = (value: unknown) => JSON.stringify(value ?? null)

const marks = {
  added: { label: 'Added', className: 'text-success-label' },
  removed: { label: 'Removed', className: 'text-danger' },
  changed: { label: 'Changed', className: 'text-warning-label' },
} as const

/** A replay's changes, one table row per view row: what is added, removed, or which columns change. */
export function ReplayChanges({ changes, caption }: { changes: readonly RowChange[]; caption: string }) {
  if (changes.length === 0)
    return <p className="text-sm text-fg-muted">No differences: the views already hold what the events say.</p>
  return (
    <DataTable label={caption} columns={['Change', 'View row', 'Columns']} minWidth="min-w-[40rem]" caption={caption}>
      {changes.map((change) => (
        <tr key={`${change.table}:${change.key}`} data-testid="replay-change" className="align-top">
          <td className={`py-2 pr-4 font-medium ${marks[change.change].className}`}>{marks[change.change].label}</td>
          <td className="py-2 pr-4 font-mono text-xs break-all">
            {change.table} {change.key}
          </td>
          <td className="py-2 font-mono text-xs break-all">
            {change.change === 'changed' ? (
              <ul>
                {change.columns.map((column) => (
                  <li key={column.column}>
                    {column.column}: {shown(column.before)} → {shown(column.after)}
                  </li>
                ))}
              </ul>
            ) : (
              shown(change.change === 'added' ? change.after : change.before)
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
