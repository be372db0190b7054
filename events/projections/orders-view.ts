import { sql, type JSONColumnType } from 'kysely'
import { orderEventDefinitions } from '#events/orders/order.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'

export type OrdersViewTable = {
  order_id: string
  user_id: string
  plan_type: string
  amount: number
  currency: string
  gateway: string
  status: 'created' | 'paid' | 'failed' | 'expired'
  payment_id: string | null
  failure_reason: string | null
  created_at: Date
  paid_at: Date | null
  failed_at: Date | null
  /** When the checkout window closed unpaid (a late payment still pays the order). */
  expired_at: Date | null
  /** Payments captured after the order was paid: each needs a refund. */
  duplicate_payment_ids: JSONColumnType<string[]>
}

/** The billing history: every order with its outcome. */
export const ordersViewProjection: Projection = {
  name: 'orders_view',
  version: 2,
  eventTypes: orderEventDefinitions.map((definition) => definition.type),
  apply: async (trx, event) => {
    if (!isEventOf(orderEventDefinitions, event)) return
    switch (event.type) {
      case 'OrderCreated':
        await trx
          .insertInto('orders_view')
          .values({
            order_id: event.data.orderId,
            user_id: event.data.userId,
            plan_type: event.data.planType,
            amount: event.data.amount,
            currency: event.data.currency,
            gateway: event.data.gateway,
            status: 'created',
            payment_id: null,
            failure_reason: null,
            created_at: event.createdAt,
            paid_at: null,
            failed_at: null,
            expired_at: null,
            duplicate_payment_ids: '[]',
          })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute()
        return
      case 'PaymentVerified':
        await trx
          .updateTable('orders_view')
          .set({ status: 'paid', payment_id: event.data.paymentId, paid_at: event.createdAt })
          .where('order_id', '=', event.data.orderId)
          .execute()
        return
      case 'PaymentFailed':
        await trx
          .updateTable('orders_view')
          .set({
            status: 'failed',
            failure_reason: event.data.reason,
            failed_at: event.createdAt,
            payment_id: event.data.paymentId,
          })
          .where('order_id', '=', event.data.orderId)
          .where('status', 'not in', ['paid', 'expired'])
          .execute()
        return
      case 'OrderExpired':
        await trx
          .updateTable('orders_view')
          .set({ status: 'expired', expired_at: new Date(event.data.expiredAt) })
          .where('order_id', '=', event.data.orderId)
          .where('status', '!=', 'paid')
          .execute()
        return
      case 'DuplicatePaymentCaptured':
        await trx
          .updateTable('orders_view')
          .set({
            duplicate_payment_ids: sql`duplicate_payment_ids || ${JSON.stringify([event.data.paymentId])}::jsonb`,
          })
          .where('order_id', '=', event.data.orderId)
          .execute()
        return
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  truncate: async (trx) => {
    await trx.deleteFrom('orders_view').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('orders_view').where('user_id', '=', userId).execute()
  },
}
