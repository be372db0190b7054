import type { JSONColumnType } from 'kysely'
import type { WebhookFacts } from './razorpay-webhook.ts'

/** How a delivery ended; none while it is pending. */
export type WebhookOutcome = 'processed' | 'ignored' | 'duplicate-payment' | 'failed'

export type PaymentTables = {
  webhook_deliveries: {
    event_id: string
    provider: string
    event_type: string
    /** Only the fields processing reads (`webhookFacts`), never the raw body. */
    payload: JSONColumnType<WebhookFacts>
    /** SHA-256 of the raw body as received (null for deliveries stored before bodies were hashed). */
    body_sha256: string | null
    received_at: Date
    /** When the delivery reached its outcome. */
    processed_at: Date | null
    outcome: WebhookOutcome | null
    /** What happened, or why it was ignored. */
    outcome_detail: string | null
    attempts: number
    last_error: string | null
    /** When the job may next try it; null once it has an outcome. */
    next_attempt_at: Date | null
    /** The server whose run holds it (its lease); null while nobody works on it. */
    claimed_by: string | null
    /** With Inngest: when the delivery's event reached Inngest; null until then (the cron fallback sends those). */
    event_sent_at: Date | null
    /** With Inngest: the run that last processed it, for a link to the dashboard. */
    inngest_run_id: string | null
  }
}
