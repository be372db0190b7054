import type { HistorySession } from './interview-types.ts'

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' })
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' })
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })

const valid = (value: string | null | undefined): Date | null => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "November 21, 2026 at 3:04 PM" (long US date with the time); 'N/A' when missing. */
export function formatDateTime(value: string | null | undefined): string {
  const date = valid(value)
  return date ? dateTime.format(date) : 'N/A'
}

export function formatTime(value: string | null | undefined): string {
  const date = valid(value)
  return date ? time.format(date) : 'N/A'
}

/** "Nov 21", for chart axes where the long form does not fit. */
export function formatShortDate(value: string | null | undefined): string {
  const date = valid(value)
  return date ? shortMonth.format(date) : 'N/A'
}

export function formatDuration(startedAt: string, endedAt: string | null): string | null {
  const start = valid(startedAt)
  const end = valid(endedAt)
  if (!start || !end) return null
  const minutes = Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000))
  if (minutes < 1) return 'under a minute'
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export function formatLatency(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

const sourceLabels: Record<string, string> = { text: 'Text', audio: 'Audio', screenshot: 'Screenshot' }
export function sourceLabel(source: string): string {
  return sourceLabels[source] ?? source
}

const modeLabels: Record<string, string> = { voice: 'Voice', text: 'Text' }
export function modeLabel(mode: string): string {
  return modeLabels[mode] ?? mode
}

export type CountedTone = 'counted' | 'free' | 'pending'

/** Whether a session used an interview of the allowance, and why not (ADR 0008: the grace period). */
export function countedStatus(session: Pick<HistorySession, 'counted' | 'status'>): {
  tone: CountedTone
  label: string
} {
  if (session.counted === true) return { tone: 'counted', label: 'Counted against your allowance' }
  if (session.counted === false) return { tone: 'free', label: 'Not counted: ended within 5 minutes with no question' }
  return { tone: 'pending', label: 'In progress: it counts unless it ends within 5 minutes with no question' }
}

export type TimelineEntry = { key: string; at: string; title: string; detail?: string }

/** The session's story in order: start, each question with its source, end. */
export function sessionTimeline(session: HistorySession): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { key: 'start', at: session.startedAt, title: `Started in ${modeLabel(session.mode).toLowerCase()} mode` },
  ]
  session.questions.forEach((question, index) => {
    const text = question.question ?? question.transcript
    entries.push({
      key: question.id,
      at: question.askedAt,
      title: `Question ${index + 1} by ${sourceLabel(question.source).toLowerCase()}`,
      ...(text ? { detail: excerpt(text) } : {}),
    })
  })
  if (session.endedAt) {
    entries.push({
      key: 'end',
      at: session.endedAt,
      title: session.endReason === 'abandoned' ? 'Ended after 2 hours without activity' : 'Ended',
    })
  }
  return entries
}

function excerpt(text: string, length = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat
}
