import { sql } from 'kysely'
import { invoiceEventDefinitions } from '#events/invoices/invoice.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'
import { noContext, rowFoldApply, type RowFold } from './row-fold.ts'

export type InvoicesViewTable = {
  order_id: string
  invoice_number: string
  user_id: string
  total: number
  issued_at: Date
}

/** An order's invoice: the first one issued is the one kept (InvoiceIssued is the only invoice event). */
const invoicesFold: RowFold<InvoicesViewTable> = {
  keyOf: (event) => (isEventOf(invoiceEventDefinitions, event) ? event.data.orderId : undefined),
  context: noContext,
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('invoices_view').selectAll().where('order_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.order_id, row]))
  },
  evolve: (row, event) => {
    if (row || !isEventOf(invoiceEventDefinitions, event)) return row
    return {
      order_id: event.data.orderId,
      invoice_number: event.data.invoiceNumber,
      user_id: event.data.userId,
      total: event.data.total,
      issued_at: new Date(event.data.issuedAt),
    }
  },
  save: async (trx, rows) => {
    await sql`insert into invoices_view (order_id, invoice_number, user_id, total, issued_at)
      select * from unnest(
        ${rows.map((row) => row.order_id)}::text[],
        ${rows.map((row) => row.invoice_number)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.total)}::integer[],
        ${rows.map((row) => new Date(row.issued_at).toISOString())}::timestamptz[])
      on conflict (order_id) do nothing`.execute(trx)
  },
}

/** Which orders have an invoice, for the billing history's invoice links. */
export const invoicesViewProjection: Projection = {
  name: 'invoices_view',
  version: 1,
  eventTypes: invoiceEventDefinitions.map((definition) => definition.type),
  ...rowFoldApply(invoicesFold),
  ...ownedTables({ table: 'invoices_view', key: 'order_id' }),
}
