import { sql, type Kysely } from 'kysely'

/**
 * A person's timeline pages through their events in commit order, (transaction id, position):
 * this index serves each page as one range scan, however long the history. The audit list reads
 * support staff's readings newest first from a small partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('events_user_commit_order')
    .on('events')
    .columns(['user_id', 'transaction_id', 'global_position'])
    .execute()
  await db.schema
    .createIndex('events_support_audit')
    .on('events')
    .column('global_position')
    .where(sql.ref('type'), 'in', ['SupportHistoryOpened', 'SupportFieldRevealed'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_support_audit').execute()
  await db.schema.dropIndex('events_user_commit_order').execute()
}
