import { z } from 'zod'

const cursorPattern = /^\d+:\d+$/

/** Where a page of a timeline starts: after (transaction id, global position) of the previous page's last event. */
export const timelineCursor = z.string().regex(cursorPattern, 'cursor must be a cursor a previous page returned')

export const timelineFilters = z.object({
  types: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** A stream id (`order-…`) or a stream type (`order`). */
  streams: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  correlationId: z.string().trim().min(1).max(200).optional(),
})

export type TimelineFilters = z.infer<typeof timelineFilters>

export function cursorOf(position: { transactionId: string; globalPosition: number }): string {
  return `${position.transactionId}:${position.globalPosition}`
}

export function positionOf(cursor: string): { transactionId: string; globalPosition: number } {
  const [transactionId = '0', globalPosition = '0'] = cursor.split(':')
  return { transactionId, globalPosition: Number(globalPosition) }
}
