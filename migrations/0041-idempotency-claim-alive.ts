import { sql, type Kysely } from 'kysely'

/**
 * When the request holding an Idempotency-Key last said it was alive: it says so every few
 * seconds while it runs, so a claim whose replica died is taken over by a repeat within half a
 * minute instead of blocking it for five (decision 0094). Empty for claims taken before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys add column alive_at timestamptz`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys drop column alive_at`.execute(db)
}
