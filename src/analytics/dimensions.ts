/** The analytics custom dimensions, sent with every event. */
export type AnalyticsDimensions = {
  user_type: 'visitor' | 'registered' | 'subscriber'
  subscription_plan: string
  interview_count: number
}

let dimensions: AnalyticsDimensions = { user_type: 'visitor', subscription_plan: 'none', interview_count: 0 }
const listeners = new Set<(value: AnalyticsDimensions) => void>()

export function currentDimensions(): AnalyticsDimensions {
  return dimensions
}

/** interview_count is reported by whichever page loads the usage (the dashboard); the rest follow the session. */
export function setAnalyticsDimensions(next: Partial<AnalyticsDimensions>): void {
  dimensions = { ...dimensions, ...next }
  for (const listener of listeners) listener(dimensions)
}

export function onDimensionsChange(listener: (value: AnalyticsDimensions) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
