import type { RowChange } from './support-types.ts'

const shown = (value: unknown) => JSON.stringify(value ?? null)

const marks = {
  added: { label: 'Added', className: 'text-green-700 dark:text-green-300' },
  removed: { label: 'Removed', className: 'text-red-700 dark:text-red-300' },
  changed: { label: 'Changed', className: 'text-amber-700 dark:text-amber-300' },
} as const

/** A replay's changes, one table row per view row: what is added, removed, or which columns change. */
export function ReplayChanges({ changes, caption }: { changes: readonly RowChange[]; caption: string }) {
  if (changes.length === 0)
    return (
      <p className="text-sm text-gray-600 dark:text-gray-400">
        No differences: the views already hold what the events say.
      </p>
    )
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm text-gray-700 dark:text-gray-300">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-gray-500 dark:text-gray-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Change
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              View row
            </th>
            <th scope="col" className="py-2 font-medium">
              Columns
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {changes.map((change) => (
            <tr key={`${change.table}:${change.key}`} data-testid="replay-change" className="align-top">
              <td className={`py-2 pr-4 font-medium ${marks[change.change].className}`}>
                {marks[change.change].label}
              </td>
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
        </tbody>
      </table>
    </div>
  )
}
