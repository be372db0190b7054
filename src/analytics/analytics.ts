import type { AnalyticsCategory, AnalyticsEvent, AnalyticsEventName, AnalyticsParams } from './categories.ts'
import { currentDimensions } from './dimensions.ts'
import { sendToFirstParty } from './first-party-sink.ts'

/** A sink may answer a promise; its rejection is swallowed like a throw. */
export type AnalyticsSink = (event: AnalyticsEvent) => Promise<unknown> | undefined

const sinks = new Set<AnalyticsSink>([sendToFirstParty])

/** GA4 replaces the first-party log when a measurement id is configured; the returned function restores it. */
export function replaceAnalyticsSinks(sink: AnalyticsSink): () => void {
  const previous = [...sinks]
  sinks.clear()
  sinks.add(sink)
  return () => {
    sinks.clear()
    for (const restored of previous) sinks.add(restored)
  }
}

/** Fire and forget: analytics never delays or breaks what the user is doing. */
export function track(name: AnalyticsEventName, category: AnalyticsCategory, params?: AnalyticsParams): void {
  if (typeof window === 'undefined') return
  const event: AnalyticsEvent = { name, category, params: { ...currentDimensions(), ...params } }
  for (const sink of sinks) {
    try {
      void Promise.resolve(sink(event)).catch(() => undefined)
    } catch {
      // A broken sink must not take the others, or the page, down with it.
    }
  }
}
