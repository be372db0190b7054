import type { AnalyticsCategory, AnalyticsEvent, AnalyticsEventName, AnalyticsParams } from './categories.ts'
import { sendToFirstParty } from './first-party-sink.ts'

export type AnalyticsSink = (event: AnalyticsEvent) => Promise<unknown> | void

const sinks = new Set<AnalyticsSink>([sendToFirstParty])

/** Adds a destination (GA4 comes later); returns a function that removes it. */
export function addAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink)
  return () => sinks.delete(sink)
}

/** Fire and forget: analytics never delays or breaks what the user is doing. */
export function track(name: AnalyticsEventName, category: AnalyticsCategory, params?: AnalyticsParams): void {
  if (typeof window === 'undefined') return
  const event: AnalyticsEvent = params ? { name, category, params } : { name, category }
  for (const sink of sinks) {
    try {
      void Promise.resolve(sink(event)).catch(() => undefined)
    } catch {
      // A broken sink must not take the others, or the page, down with it.
    }
  }
}
