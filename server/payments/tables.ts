import type { JSONColumnType } from 'kysely'

export type PaymentTables = {
  webhook_deliveries: {
    event_id: string
    provider: string
    event_type: string
    payload: JSONColumnType<Record<string, unknown>>
    received_at: Date
    processed_at: Date | null
    outcome: string | null
    attempts: number
    last_error: string | null
  }
}
