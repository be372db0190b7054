import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import {
  evolveInvoice,
  initialInvoiceState,
  invoiceEventDefinitions,
  invoiceStreamId,
  type InvoiceEvent,
  type InvoiceState,
  type IssuedInvoice,
} from './invoice.ts'

export type InvoiceCommand = { type: 'IssueInvoice'; invoice: IssuedInvoice }

/** An order is invoiced once: issuing again (a replayed webhook, a retried unit of work) decides nothing. */
function decideInvoice(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  // IssueInvoice is the only command: an invoice is never changed, only issued (a credit note would be a stream of its own).
  if (state.status === 'issued') return []
  return [{ type: 'InvoiceIssued', data: command.invoice }]
}

export const invoiceAggregate = {
  events: invoiceEventDefinitions,
  streamId: invoiceStreamId,
  initialState: initialInvoiceState,
  evolve: evolveInvoice,
  decide: decideInvoice,
} satisfies Aggregate<InvoiceState, typeof invoiceEventDefinitions, InvoiceCommand>

/** Every command on an order's invoice goes through this handler. */
export const invoiceCommands = commandHandler(invoiceAggregate)
