import { DomainError } from '#events/domain-error.ts'
import { invoiceCommands } from '#events/invoices/invoice-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { openInvoiceBuyer } from './invoice-buyer.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'

export const invoiceMessages = { notFound: 'Invoice not found' } as const

/**
 * The PDF of the signed-in person's invoice for one of their orders. Another person's invoice is
 * answered exactly like a missing one, so an order id tells nobody else anything.
 */
export async function invoicePdfFor(scope: SignedInScope, orderId: string) {
  const { runtime } = scope
  const { state } = await invoiceCommands.load(runtime.store, orderId)
  if (state.status !== 'issued' || state.invoice.userId !== scope.userId)
    throw new DomainError('not-found', invoiceMessages.notFound)
  const { invoice } = state
  const bytes = await renderInvoicePdf(invoice, await openInvoiceBuyer(runtime.db, invoice))
  return { invoiceNumber: invoice.invoiceNumber, fileName: `${invoice.invoiceNumber.replaceAll('/', '-')}.pdf`, bytes }
}
