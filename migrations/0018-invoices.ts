import { sql, type Kysely } from 'kysely'

/**
 * Invoices (decision 0034): the counter of each financial year's one invoice series, moved in the
 * same transaction that appends the InvoiceIssued event, and the view of issued invoices that
 * billing history reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_number_series')
    .addColumn('financial_year', 'text', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull().check(sql`last_number > 0`))
    .execute()

  await db.schema
    .createTable('invoices_view')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_number', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('invoices_view_user').on('invoices_view').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices_view').execute()
  await db.schema.dropTable('invoice_number_series').execute()
}
