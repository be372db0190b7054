import type { Generated } from 'kysely'

export type MailTables = {
  mail_outbox: {
    id: string
    dedupe_key: string
    user_id: string | null
    to_address: string
    reply_to: string | null
    subject: string
    text_body: string
    html_body: string
    status: 'pending' | 'sent' | 'failed'
    attempts: number
    next_attempt_at: Date
    last_error: string | null
    created_at: Date
    sent_at: Date | null
    delivered_by: string | null
    /** Deleted once sent instead of keeping its envelope (the farewell to an erased address). */
    forget_when_sent: Generated<boolean>
  }
  dev_mailbox: {
    id: string
    to_address: string
    reply_to: string | null
    subject: string
    text_body: string
    html_body: string
    created_at: Date
  }
}
