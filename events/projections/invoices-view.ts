import { invoiceEventDefinitions } from '#events/invoices/invoice.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'

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
  truncate: async (trx) => {
    await trx.deleteFrom('invoices_view').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('invoices_view').where('user_id', '=', userId).execute()
  },
}
