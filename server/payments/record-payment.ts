import { continuingProcess } from '#events/store/correlation.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import type { OrderState } from '#events/orders/order.ts'
import { ownerOf } from '#events/users/owner-check.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { openInvoiceBuyer } from '#server/invoices/invoice-buyer.ts'
import { issueInvoice } from '#server/invoices/issue-invoice.ts'
import { receiptMail } from '#server/invoices/receipt-mail.ts'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import { enqueueMail } from '#server/mail/mail-outbox.ts'
import { latestRelease } from '#server/releases/release-catalogue.ts'
import type { RequestScope } from '#server/request-scope.ts'

export type PaymentOutcome = { order: OrderState; newlyPaid: boolean; invoiceNumber: string | null }

/**
 * Records a proven payment and, in the same transaction, starts the plan period it pays for,
 * issues its invoice and queues the receipt. Both the checkout's verify call and every webhook
 * delivery come through here, in any order and any number of times: one payment, one
 * PaymentVerified, one activation, one invoice, one receipt. The order stream is read once,
 * locked, by the order's handler; the activation, the invoice and the receipt join its unit of work.
 */
export async function recordPayment(
  scope: Pick<RequestScope, 'runtime' | 'metadata'>,
  payment: { orderId: string; paymentId: string; amount?: number; verifiedBy: 'checkout' | 'webhook'; userId?: string },
): Promise<PaymentOutcome> {
  const { runtime } = scope
  // The checkout's verify call and the webhook for the same payment often race: the loser re-reads and finds it paid.
  const outcome = await orderCommands.run(
    runtime.store,
    payment.orderId,
    async ({ state, events }, tx) => ({
      command: {
        type: 'RecordPayment',
        paymentId: payment.paymentId,
        amount: payment.amount ?? (state.status === 'none' ? 0 : state.amount),
        verifiedBy: payment.verifiedBy,
        ...(payment.userId ? { userId: payment.userId } : {}),
        ownerErased: state.status !== 'none' && (await ownerOf(tx, state.userId)).erased,
      },
      metadata: continuingProcess(
        scope.metadata,
        events,
      )(state.status === 'none' ? (payment.userId ?? '') : state.userId),
    }),
    async (result, tx): Promise<PaymentOutcome> => {
      const paid = result.decided.some((event) => event.type === 'PaymentVerified')
      if (!paid || result.after.status !== 'paid') return { order: result.after, newlyPaid: false, invoiceNumber: null }
      const { userId } = result.after
      const metadata = continuingProcess(scope.metadata, result.events)(userId)
      const activation = await subscriptionCommands.handle(
        tx,
        userId,
        {
          type: 'Activate',
          userId,
          orderId: result.after.orderId,
          planType: result.after.planType,
          now: runtime.clock.now(),
        },
        metadata,
      )
      const { invoice, newlyIssued } = await issueInvoice(
        tx,
        runtime,
        { ...result.after, status: 'paid', paymentId: payment.paymentId },
        { start: activation.after.periodStart, end: activation.after.periodEnd },
        metadata,
      )
      const buyer = newlyIssued ? await openInvoiceBuyer(tx.db, invoice) : null
      if (buyer) {
        await enqueueMail(
          tx.db,
          {
            // The site the order was placed on, whichever message (checkout or webhook) proved the payment.
            ...receiptMail(
              invoice,
              buyer,
              result.after.siteUrl ?? runtime.config.publicUrl,
              (await latestRelease(tx.db, 'windows')) !== undefined,
            ),
            dedupeKey: `receipt:${invoice.orderId}`,
            userId,
          },
          runtime.clock,
        )
      }
      return { order: result.after, newlyPaid: true, invoiceNumber: invoice.invoiceNumber }
    },
  )
  if (outcome.newlyPaid) runtime.jobs.wake(mailEnqueuedEvent)
  return outcome
}
