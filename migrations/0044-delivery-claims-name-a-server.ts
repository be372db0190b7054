import type { Kysely } from 'kysely'

/**
 * A webhook delivery's claim names the server working on it, as Idempotency-Key claims do (decision
 * 0103): a delivery held by a server that stopped or went silent is taken again at once, instead of
 * when its 5-minute lease runs out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('claimed_by', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('claimed_by').execute()
}
