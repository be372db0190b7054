import { sql } from 'kysely'
import { paymentToRefund, orderCommands } from '#events/orders/order-decider.ts'
import { DomainError } from '#events/domain-error.ts'
import { PaymentGatewayError } from '#server/payments/payment-gateway.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { supportMetadata, type SupportStaff } from './timeline/support-staff.ts'

export const refundMessages = {
  gatewayFailed: 'The payment service did not take the refund. Nothing was recorded; try again later.',
} as const

export type RefundRow = {
  orderId: string
  paymentId: string
  amount: number
  gateway: 'razorpay' | 'sandbox'
  /** `order-already-paid`: the customer paid twice; `owner-erased`: the person was erased before it came. */
  reason: 'order-already-paid' | 'owner-erased'
  refunded: boolean
}

/**
 * Payments captured that must not pay their order (a second payment for a paid order, any payment
 * for an erased person's order), newest first, each with whether it was given back already. Read
 * from the orders' own streams, so an erased person's payments are on it too.
 */
export async function listRefunds(runtime: Runtime, options: { limit: number }): Promise<RefundRow[]> {
  const { rows } = await sql<{ stream_id: string }>`
    select stream_id from events where type = 'DuplicatePaymentCaptured'
    group by stream_id order by max(global_position) desc limit ${options.limit}`.execute(runtime.db)
  return (await Promise.all(rows.map((row) => refundsOfOrder(runtime, row.stream_id.slice('order-'.length))))).flat()
}

async function refundsOfOrder(runtime: Runtime, orderId: string): Promise<RefundRow[]> {
  const { state, events } = await orderCommands.load(runtime.store, orderId)
  if (state.status === 'none') return []
  return events.flatMap((event) =>
    event.type === 'DuplicatePaymentCaptured'
      ? [
          {
            orderId: state.orderId,
            paymentId: event.data.paymentId,
            amount: event.data.amount,
            gateway: state.gateway,
            reason: event.data.reason,
            refunded: state.refundedPaymentIds.includes(event.data.paymentId),
          },
        ]
      : [],
  )
}

/**
 * Support gives back a payment that needs a refund, in full, through the gateway the order was
 * paid with, and records it on the order with the staff member as its actor. One already given
 * back is answered as it is, without asking the gateway again.
 */
export async function refundPayment(
  runtime: Runtime,
  staff: SupportStaff,
  input: { orderId: string; paymentId: string },
): Promise<RefundRow> {
  const { state } = await orderCommands.load(runtime.store, input.orderId)
  const due = paymentToRefund(state, input.paymentId)
  if (due && state.status !== 'none') {
    const refundId = await refundAtGateway(runtime, due, staff)
    await orderCommands.run(runtime.store, input.orderId, () => ({
      command: { type: 'RecordRefund', paymentId: due.paymentId, refundId },
      metadata: supportMetadata(staff, state.userId),
    }))
    runtime.log.info('support refunded a payment', { ...input, refundId, by: staff.staffId })
  }
  const refund = (await refundsOfOrder(runtime, input.orderId)).find((row) => row.paymentId === input.paymentId)
  if (!refund) throw new Error(`the refund of ${input.paymentId} was not recorded`)
  return refund
}

async function refundAtGateway(
  runtime: Runtime,
  due: { orderId: string; paymentId: string; amount: number },
  staff: SupportStaff,
): Promise<string> {
  try {
    const { refundId } = await runtime.payments.gateway.refundPayment({
      paymentId: due.paymentId,
      amount: due.amount,
      notes: { orderId: due.orderId, refundedBy: staff.staffId },
    })
    return refundId
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error
    runtime.log.error('the refund failed at the gateway', { ...due, error })
    throw new DomainError('gateway-unavailable', refundMessages.gatewayFailed)
  }
}
