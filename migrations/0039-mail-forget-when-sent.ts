import { sql, type Kysely } from 'kysely'

/**
 * A message may be forgotten once sent: the farewell to a deleted account goes to an address
 * erasure has already removed everywhere else, so not even its envelope is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column forget_when_sent boolean not null default false`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop column forget_when_sent`.execute(db)
}
