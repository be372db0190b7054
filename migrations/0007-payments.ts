import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every signed webhook as received, before any processing: a crash or a bug loses nothing.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .addColumn('processed_at', 'timestamptz')
    .addColumn('outcome', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['processed_at', 'received_at'])
    .execute()

  await db.schema
    .createTable('subscriptions_view')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('plan_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('interviews_included', 'integer', (col) => col.notNull())
    .addColumn('carried_over', 'integer', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('subscriptions_view_due')
    .on('subscriptions_view')
    .columns(['status', 'period_end'])
    .execute()

  await db.schema
    .createTable('orders_view')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('plan_type', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('orders_view_user').on('orders_view').columns(['user_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders_view').execute()
  await db.schema.dropTable('subscriptions_view').execute()
  await db.schema.dropTable('webhook_deliveries').execute()
}
