import { sql, type Kysely } from 'kysely'

/** Support's list of payments to refund finds their orders in one index scan, newest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index events_refund_due on events (global_position) where type = 'DuplicatePaymentCaptured'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index events_refund_due`.execute(db)
}
