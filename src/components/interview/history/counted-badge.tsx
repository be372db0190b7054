import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx'
import { countedStatus, type CountedTone } from '#src/interview/display.ts'
import type { HistorySession } from '#src/interview/interview-types.ts'

const tones: Record<CountedTone, BadgeTone> = { counted: 'indigo', free: 'green', pending: 'yellow' }

export function CountedBadge({ session }: { session: HistorySession }) {
  const { tone, label } = countedStatus(session)
  return (
    <Badge tone={tones[tone]} data-counted={tone}>
      {label}
    </Badge>
  )
}
