import { DomainError } from '#events/domain-error.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import { refuseErasedOwner, type Owner } from '#events/users/owner.ts'
import {
  evolveOrder,
  initialOrderState,
  orderEventDefinitions,
  orderStreamId,
  type OrderEvent,
  type OrderState,
} from './order.ts'

export type OrderCommand =
  | { type: 'CreateOrder'; owner: Owner; data: Extract<OrderEvent, { type: 'OrderCreated' }>['data'] }
  | {
      type: 'RecordPayment'
      paymentId: string
      amount: number
      verifiedBy: 'checkout' | 'webhook'
      userId?: string
      /** Whether the order's owner was erased (`ownerOf` in the deciding unit). */
      ownerErased: boolean
    }
  | { type: 'RecordRefund'; paymentId: string; refundId: string }
  | { type: 'RecordFailure'; paymentId: string | null; reason: string; code: string | null }
  | { type: 'Expire'; now: Date; checkoutWindowMs: number }
  /** The person closed the checkout (their own order only). */
  | { type: 'Abandon'; userId: string }

export const orderMessages = {
  notFound: 'Order not found',
  alreadyExists: 'This order exists already',
  paidByAnotherPayment:
    'This order has already been paid with another payment; this payment has been recorded for a refund.',
  amountMismatch: 'The payment amount does not match the order.',
  nothingToRefund: 'This order has no payment by that id that needs a refund.',
} as const

/**
 * The payment of an order that needs a refund and has not had one, or undefined when it was given
 * back already; refused when the order holds no such payment (a payment that paid its order is
 * never refunded here).
 */
export function paymentToRefund(state: OrderState, paymentId: string) {
  if (state.status === 'none') throw new DomainError('not-found', orderMessages.nothingToRefund)
  const due = state.duplicatePayments.find((payment) => payment.paymentId === paymentId)
  if (!due) throw new DomainError('not-found', orderMessages.nothingToRefund)
  return state.refundedPaymentIds.includes(paymentId) ? undefined : { orderId: state.orderId, ...due }
}

/**
 * One order, one payment: the first valid proof of payment (checkout signature or webhook) marks
 * it paid; later proofs of the same payment decide nothing. A different payment for a paid order,
 * or any payment for an erased person's order, is recorded once as a payment to refund, and its
 * refund once. A failure never undoes a payment, and a payment after
 * failures still counts (the customer retried in the same checkout). An order not paid within
 * its checkout window expires; a payment for it that arrives later was captured, so it still pays it.
 * A checkout the person closed is abandoned at once, and the gateway can still pay or decline it.
 */
function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'CreateOrder':
      refuseErasedOwner(command.owner)
      if (state.status !== 'none') throw new DomainError('already-exists', orderMessages.alreadyExists)
      return [{ type: 'OrderCreated', data: command.data }]
    case 'RecordPayment': {
      if (state.status === 'none') throw new DomainError('not-found', orderMessages.notFound)
      // Someone else's order is indistinguishable from a missing one.
      if (command.userId !== undefined && command.userId !== state.userId)
        throw new DomainError('not-found', orderMessages.notFound)
      const known = state.paymentId === command.paymentId
      if (known || state.duplicatePayments.some((payment) => payment.paymentId === command.paymentId)) return []
      // The money was taken: refusing would lose track of it, so it is recorded for a refund. An
      // erased person's order is not paid either: nothing may start or be invoiced for them.
      const refundReason = state.status === 'paid' ? 'order-already-paid' : command.ownerErased ? 'owner-erased' : null
      if (refundReason) {
        return [
          {
            type: 'DuplicatePaymentCaptured',
            data: {
              orderId: state.orderId,
              paymentId: command.paymentId,
              amount: command.amount,
              reportedBy: command.verifiedBy,
              reason: refundReason,
            },
          },
        ]
      }
      if (command.amount !== state.amount) {
        return [
          {
            type: 'PaymentFailed',
            data: {
              orderId: state.orderId,
              paymentId: command.paymentId,
              reason: orderMessages.amountMismatch,
              code: 'AMOUNT_MISMATCH',
            },
          },
        ]
      }
      return [
        {
          type: 'PaymentVerified',
          data: {
            orderId: state.orderId,
            paymentId: command.paymentId,
            amount: command.amount,
            verifiedBy: command.verifiedBy,
          },
        },
      ]
    }
    case 'RecordFailure':
      if (state.status === 'none') throw new DomainError('not-found', orderMessages.notFound)
      // A decline after the checkout closed changes nothing: the order stays expired.
      if (state.status === 'paid' || state.status === 'expired') return []
      if (command.paymentId !== null && state.failedPaymentIds.includes(command.paymentId)) return []
      return [
        {
          type: 'PaymentFailed',
          data: { orderId: state.orderId, paymentId: command.paymentId, reason: command.reason, code: command.code },
        },
      ]
    case 'Abandon':
      if (state.status === 'none' || state.userId !== command.userId)
        throw new DomainError('not-found', orderMessages.notFound)
      // A decline already says why it ended, a payment that it did not; only an open checkout is abandoned.
      return state.status === 'created' ? [{ type: 'CheckoutAbandoned', data: { orderId: state.orderId } }] : []
    case 'RecordRefund': {
      const due = paymentToRefund(state, command.paymentId)
      return due ? [{ type: 'PaymentRefunded', data: { ...due, refundId: command.refundId } }] : []
    }
    case 'Expire': {
      if (state.status !== 'created' && state.status !== 'failed') return []
      const closes = new Date(state.createdAt).getTime() + command.checkoutWindowMs
      if (command.now.getTime() < closes) return []
      return [
        {
          type: 'OrderExpired',
          data: { orderId: state.orderId, createdAt: state.createdAt, expiredAt: command.now.toISOString() },
        },
      ]
    }
    default: {
      const unknownCommand: never = command
      return unknownCommand
    }
  }
}

export const orderAggregate = {
  events: orderEventDefinitions,
  streamId: orderStreamId,
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
} satisfies Aggregate<OrderState, typeof orderEventDefinitions, OrderCommand>

/** Every command on an order goes through this handler. */
export const orderCommands = commandHandler(orderAggregate)
