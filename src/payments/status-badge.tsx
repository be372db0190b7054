import { Badge } from '#src/components/ui/badge.tsx'
import type { StatusColor } from './subscription-display.ts'

export function StatusBadge({ color, children }: { color: StatusColor; children: string }) {
  return (
    <Badge tone={color} data-color={color}>
      {children}
    </Badge>
  )
}
