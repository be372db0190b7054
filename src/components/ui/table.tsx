import type { ReactNode } from 'react'

/**
 * A table of records in a region that scrolls sideways on narrow screens (focusable, so a keyboard
 * can scroll it): the column headings, then the rows the caller renders into its body.
 * `minWidth` is a Tailwind class such as 'min-w-[40rem]'.
 */
export function DataTable({
  label,
  columns,
  minWidth,
  caption,
  className = '',
  children,
}: {
  label: string
  columns: readonly string[]
  minWidth: string
  caption?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`focus-ring overflow-x-auto ${className}`} role="region" aria-label={label} tabIndex={0}>
      <table className={`w-full ${minWidth} text-left text-sm text-fg-body`}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="text-fg-muted">
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col" className="py-2 pr-4 font-medium last:pr-0">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  )
}
