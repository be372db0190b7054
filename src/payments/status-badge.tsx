import { statusColorClasses, type StatusColor } from './subscription-display.ts'

export function StatusBadge({ color, children }: { color: StatusColor; children: string }) {
  return (
    <span
      data-color={color}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusColorClasses[color]}`}
    >
      {children}
    </span>
  )
}
