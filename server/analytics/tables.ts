import type { JSONColumnType } from 'kysely'

export type AnalyticsTables = {
  analytics_events: {
    id: string
    name: string
    category: string
    params: JSONColumnType<Record<string, string | number | boolean | null>>
    user_id: string | null
    created_at: Date
  }
}
