import { sql, type Kysely } from 'kysely'

/**
 * Support follows a delivery to its Inngest run and to the events it caused: the run id the
 * delivery was last processed by, and an index on the events' causation id (a delivery's events
 * carry its Razorpay event id there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('inngest_run_id', 'text').execute()
  await sql`create index events_causation on events ((metadata->>'causationId')) where metadata ? 'causationId'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_causation').execute()
  await db.schema.alterTable('webhook_deliveries').dropColumn('inngest_run_id').execute()
}
