import { DomainError } from '#events/domain-error.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
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
  | { type: 'RecordPayment'; paymentId: string; amount: number; verifiedBy: 'checkout' | 'webhook'; userId?: string }
  | { type: 'RecordFailure'; paymentId: string | null; reason: string; code: string | null }
  | { type: 'Expire'; now: Date; checkoutWindowMs: number }

export const orderMessages = {
  notFound: 'Order not found',
  alreadyExists: 'This order exists already',
  paidByAnotherPayment:
    'This order has already been paid with another payment; this payment has been recorded for a refund.',
  amountMismatch: 'The payment amount does not match the order.',
} as const

/**
 * One order, one payment: the first valid proof of payment (checkout signature or webhook) marks
 * it paid; later proofs of the same payment decide nothing. A different payment for a paid order is
 * recorded once as a duplicate to refund. A failure never undoes a payment, and a payment after
 * failures still counts (the customer retried in the same checkout). An order not paid within
 * its checkout window expires; a payment for it that arrives later was captured, so it still pays it.
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
      if (state.status === 'paid') {
        if (state.paymentId === command.paymentId || state.duplicatePaymentIds.includes(command.paymentId)) return []
        // The money was taken: refusing would lose track of it, so it is recorded for a refund.
        return [
          {
            type: 'DuplicatePaymentCaptured',
            data: {
              orderId: state.orderId,
              paymentId: command.paymentId,
              amount: command.amount,
              reportedBy: command.verifiedBy,
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
