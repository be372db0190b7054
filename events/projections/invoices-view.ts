import { sql } from 'kysely'
import { invoiceEventDefinitions } from '#events/invoices/invoice.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'

export type InvoicesViewTable = {
  order_id: string
  invoice_number: string
  user_id: string
  total: number
  issued_at: Date
}

/** Which orders have an invoice, for the billing history's invoice links. */
export const invoicesViewProjection: Projection = {
  name: 'invoices_view',
  version: 1,
  eventTypes: invoiceEventDefinitions.map((definition) => definition.type),
  apply: async (trx, event) => {
    // InvoiceIssued is the only invoice event.
    if (!isEventOf(invoiceEventDefinitions, event)) return
    await trx
      .insertInto('invoices_view')
      .values({
        order_id: event.data.orderId,
        invoice_number: event.data.invoiceNumber,
        user_id: event.data.userId,
        total: event.data.total,
        issued_at: new Date(event.data.issuedAt),
      })
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .execute()
  },
  applyBatch: async (trx, events) => {
    // An order's first invoice is the one kept, as `apply` keeps it.
    const first = new Map<string, InvoicesViewTable>()
    for (const event of events) {
      if (!isEventOf(invoiceEventDefinitions, event) || first.has(event.data.orderId)) continue
      first.set(event.data.orderId, {
        order_id: event.data.orderId,
        invoice_number: event.data.invoiceNumber,
        user_id: event.data.userId,
        total: event.data.total,
        issued_at: new Date(event.data.issuedAt),
      })
    }
    if (first.size === 0) return
    const rows = [...first.values()]
    await sql`insert into invoices_view (order_id, invoice_number, user_id, total, issued_at)
      select * from unnest(
        ${rows.map((row) => row.order_id)}::text[],
        ${rows.map((row) => row.invoice_number)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.total)}::integer[],
        ${rows.map((row) => row.issued_at.toISOString())}::timestamptz[])
      on conflict (order_id) do nothing`.execute(trx)
  },
  ...ownedTables({ table: 'invoices_view', key: 'order_id' }),
}
