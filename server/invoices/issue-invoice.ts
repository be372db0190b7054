import { findPlan } from '#app.catalog.ts'
import { invoiceCommands } from '#events/invoices/invoice-decider.ts'
import { takeNextInvoiceNumber } from '#events/invoices/invoice-number-series.ts'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import type { OrderState } from '#events/orders/order.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import type { StoreTransaction } from '#events/store/event-store.ts'
import type { EventMetadata } from '#events/store/types.ts'
import { financialYearOf, gstBreakdown, invoiceNumberOf } from '#rules/gst.ts'
import { loadProfile } from '#server/accounts/user-account.ts'
import type { Database } from '#server/db/schema.ts'
import type { Runtime } from '#server/runtime.types.ts'

type PaidOrder = Exclude<OrderState, { status: 'none' }> & { status: 'paid'; paymentId: string }
export type InvoiceOutcome = { invoice: IssuedInvoice; newlyIssued: boolean }

/**
 * Issues the invoice of a paid order inside the unit of work that recorded the payment, through the
 * invoice's handler. The invoice stream is read (and locked) once, so an order already invoiced is
 * answered as it is and takes no number; otherwise the next number of the financial year is taken
 * and the InvoiceIssued event appended in the same transaction (decision 0034): both commit, or neither does.
 */
export async function issueInvoice(
  tx: StoreTransaction<Database>,
  runtime: Pick<Runtime, 'store' | 'config' | 'clock'>,
  order: PaidOrder,
  period: { start: string | null; end: string | null },
  metadata: EventMetadata,
): Promise<InvoiceOutcome> {
  const { decided, after } = await invoiceCommands.handleWith(tx, order.orderId, async ({ state }) => ({
    command: {
      type: 'IssueInvoice',
      invoice: state.status === 'issued' ? state.invoice : await newInvoice(tx, runtime, order, period),
    },
    metadata,
  }))
  if (after.status !== 'issued') throw new Error(`the invoice of order ${order.orderId} was not issued`)
  return { invoice: after.invoice, newlyIssued: decided.length > 0 }
}

/** The next number of the financial year, taken in `tx`, and the invoice it heads. */
async function newInvoice(
  tx: StoreTransaction<Database>,
  runtime: Pick<Runtime, 'store' | 'config' | 'clock'>,
  order: PaidOrder,
  period: { start: string | null; end: string | null },
): Promise<IssuedInvoice> {
  const { invoices } = runtime.config
  const issuedAt = runtime.clock.now()
  const financialYear = financialYearOf(issuedAt)
  const sequence = await takeNextInvoiceNumber(tx.db, financialYear)
  const amounts = gstBreakdown(order.amount, invoices.gstRateBasisPoints)
  return {
    invoiceNumber: invoiceNumberOf(invoices.numberPrefix, financialYear, sequence),
    financialYear,
    sequence,
    orderId: order.orderId,
    userId: order.userId,
    paymentId: order.paymentId,
    gateway: order.gateway,
    issuedAt: issuedAt.toISOString(),
    seller: { ...invoices.seller, isSample: invoices.sellerIsSample },
    buyer: await sealedBuyer(tx, runtime, order.userId),
    planType: order.planType,
    planName: findPlan(order.planType)?.name ?? order.planType,
    periodStart: period.start,
    periodEnd: period.end,
    currency: 'INR',
    total: amounts.total,
    taxableValue: amounts.taxableValue,
    gstRateBasisPoints: amounts.rateBasisPoints,
    cgst: amounts.cgst,
    sgst: amounts.sgst,
    ...upgradeCreditOf(order),
  }
}

function upgradeCreditOf(order: PaidOrder): Pick<IssuedInvoice, 'upgradeCredit'> {
  const change = order.change
  if (!change || change.credit === 0) return {}
  const fromPlanName = change.fromPlan ? (findPlan(change.fromPlan)?.name ?? change.fromPlan) : 'current'
  return { upgradeCredit: { listPrice: change.listPrice, credit: change.credit, fromPlanName } }
}

/** The buyer as the account says now, sealed with their key; none when the account is gone or erased. */
async function sealedBuyer(
  tx: StoreTransaction<Database>,
  runtime: Pick<Runtime, 'store'>,
  userId: string,
): Promise<IssuedInvoice['buyer']> {
  const profile = await loadProfile(runtime.store, userId, tx.db)
  if (!profile || profile.erased) return null
  const key = await ensureKeyFor(tx.db, userId)
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email
  return { name: seal(key, userId, name), email: seal(key, userId, profile.email) }
}
