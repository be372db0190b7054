import { z } from 'zod'
import { planIds } from '#app.catalog.ts'
import { sealedText } from '#events/pii/pii-vault.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

/** One invoice per paid order, named by the order: a second proof of the same payment finds it issued. */
export const invoiceStreamId = (orderId: string) => `invoice-${orderId}`

const paise = z.number().int().nonnegative()

/**
 * An invoice as issued: everything printed on it, fixed at the moment of issue, so that a later
 * change of seller details, tax rate or plan names never changes an invoice already sent. The
 * buyer's name and address are sealed personal data (null when the person's data was erased first).
 */
const invoiceIssued = defineEvent({
  type: 'InvoiceIssued',
  schemaVersion: 1,
  schema: z.object({
    invoiceNumber: z.string(),
    financialYear: z.string().regex(/^\d{4}-\d{2}$/),
    /** The place in the financial year's series: 1, 2, 3… with no gaps. */
    sequence: z.number().int().positive(),
    orderId: z.string(),
    userId: z.string(),
    paymentId: z.string(),
    gateway: z.enum(['razorpay', 'sandbox']),
    issuedAt: z.iso.datetime(),
    seller: z.object({ name: z.string(), address: z.string(), gstin: z.string(), isSample: z.boolean() }),
    buyer: z.object({ name: sealedText, email: sealedText }).nullable(),
    planType: z.enum(planIds),
    planName: z.string(),
    periodStart: z.iso.datetime().nullable(),
    periodEnd: z.iso.datetime().nullable(),
    currency: z.literal('INR'),
    total: paise,
    taxableValue: paise,
    gstRateBasisPoints: z.number().int().nonnegative(),
    cgst: paise,
    sgst: paise,
    /**
     * An upgrade paid at the new plan's list price less the unused value of the old period: both
     * are printed, so the total is explained. Absent for other orders (and on older invoices).
     */
    upgradeCredit: z.object({ listPrice: paise, credit: paise, fromPlanName: z.string() }).optional(),
  }),
})

export const invoiceEventDefinitions = [invoiceIssued] as const
export type InvoiceEvent = EventOf<(typeof invoiceEventDefinitions)[number]>
export type IssuedInvoice = InvoiceEvent['data']

export type InvoiceState = { status: 'none' } | { status: 'issued'; invoice: IssuedInvoice }

export const initialInvoiceState: InvoiceState = { status: 'none' }

/** InvoiceIssued is the stream's only event; the first one is the invoice. */
export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  return state.status === 'issued' ? state : { status: 'issued', invoice: event.data }
}
