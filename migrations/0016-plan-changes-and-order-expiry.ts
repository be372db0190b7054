import type { Kysely } from 'kysely'

/**
 * A lower plan scheduled for the end of the period (subscriptions_view), and orders whose checkout
 * window closed unpaid (orders_view), with the index the order-expiry job looks candidates up by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions_view')
    .addColumn('scheduled_plan', 'text')
    .addColumn('scheduled_at', 'timestamptz')
    .execute()
  await db.schema.alterTable('orders_view').addColumn('expired_at', 'timestamptz').execute()
  await db.schema.createIndex('orders_view_open').on('orders_view').columns(['status', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_view_open').execute()
  await db.schema.alterTable('orders_view').dropColumn('expired_at').execute()
  await db.schema.alterTable('subscriptions_view').dropColumn('scheduled_plan').dropColumn('scheduled_at').execute()
}
