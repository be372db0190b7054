import { countedStatus, type CountedTone } from '#src/interview/display.ts'
import type { HistorySession } from '#src/interview/interview-types.ts'

const tones: Record<CountedTone, string> = {
  counted:
    'bg-indigo-50 text-indigo-800 ring-indigo-600/20 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-400/30',
  free: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30',
  pending:
    'bg-yellow-100 text-yellow-800 ring-yellow-600/20 dark:bg-yellow-950 dark:text-yellow-200 dark:ring-yellow-400/30',
}

export function CountedBadge({ session }: { session: HistorySession }) {
  const { tone, label } = countedStatus(session)
  return (
    <span
      data-counted={tone}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {label}
    </span>
  )
}
