import { sql, type JSONColumnType, type Selectable } from 'kysely'
import { orderEventDefinitions } from '#events/orders/order.ts'
import { isEventOf, type EventOf } from '#events/store/event-definition.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { Projection } from './projection.ts'
import { noContext, rowFoldApply, type RowFold } from './row-fold.ts'
import { ownedTables } from './owned-tables.ts'
import type { PlanId } from '#app.catalog.ts'

export type OrdersViewTable = {
  order_id: string
  user_id: string
  plan_type: PlanId
  amount: number
  currency: 'INR'
  gateway: string
  /** abandoned: the person closed the checkout unpaid (a payment the gateway still reports pays it). */
  status: 'created' | 'paid' | 'failed' | 'expired' | 'abandoned'
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

type OrderRow = Omit<Selectable<OrdersViewTable>, 'duplicate_payment_ids'> & { duplicate_payment_ids: string[] }

/** A new order's row. */
function createdRow(
  event: StoredEvent & EventOf<(typeof orderEventDefinitions)[number]> & { type: 'OrderCreated' },
): OrderRow {
  return {
    order_id: event.data.orderId,
    user_id: event.data.userId,
    plan_type: event.data.planType,
    amount: event.data.amount,
    currency: event.data.currency,
    gateway: event.data.gateway,
    status: 'created' as const,
    payment_id: null,
    failure_reason: null,
    created_at: event.createdAt,
    paid_at: null,
    failed_at: null,
    expired_at: null,
    duplicate_payment_ids: [],
  }
}

const time = (value: Date | null) => (value === null ? null : new Date(value).toISOString())

/** Each order's row, folded from its events. */
const ordersFold: RowFold<OrderRow> = {
  keyOf: (event) => (isEventOf(orderEventDefinitions, event) ? event.data.orderId : undefined),
  context: noContext,
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('orders_view').selectAll().where('order_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.order_id, row]))
  },
  evolve: (row, event) => {
    if (!isEventOf(orderEventDefinitions, event)) return row
    switch (event.type) {
      case 'OrderCreated':
        return row ?? createdRow(event)
      case 'PaymentVerified':
        return row && { ...row, status: 'paid', payment_id: event.data.paymentId, paid_at: event.createdAt }
      case 'PaymentFailed':
        if (!row || row.status === 'paid' || row.status === 'expired') return row
        return {
          ...row,
          status: 'failed',
          failure_reason: event.data.reason,
          failed_at: event.createdAt,
          payment_id: event.data.paymentId,
        }
      case 'OrderExpired':
        if (!row || row.status === 'paid') return row
        return { ...row, status: 'expired', expired_at: new Date(event.data.expiredAt) }
      case 'DuplicatePaymentCaptured':
        return row && { ...row, duplicate_payment_ids: [...row.duplicate_payment_ids, event.data.paymentId] }
      case 'PaymentRefunded':
        // Support's refund list reads the log; the billing history keeps showing the payment as refunded.
        return row
      case 'CheckoutAbandoned':
        return row?.status === 'created' ? { ...row, status: 'abandoned' } : row
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  save: async (trx, rows) => {
    await sql`insert into orders_view (order_id, user_id, plan_type, amount, currency, gateway, status, payment_id,
        failure_reason, created_at, paid_at, failed_at, expired_at, duplicate_payment_ids)
      select * from unnest(
        ${rows.map((row) => row.order_id)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.plan_type)}::text[],
        ${rows.map((row) => row.amount)}::integer[],
        ${rows.map((row) => row.currency)}::text[],
        ${rows.map((row) => row.gateway)}::text[],
        ${rows.map((row) => row.status)}::text[],
        ${rows.map((row) => row.payment_id)}::text[],
        ${rows.map((row) => row.failure_reason)}::text[],
        ${rows.map((row) => time(row.created_at))}::timestamptz[],
        ${rows.map((row) => time(row.paid_at))}::timestamptz[],
        ${rows.map((row) => time(row.failed_at))}::timestamptz[],
        ${rows.map((row) => time(row.expired_at))}::timestamptz[],
        ${rows.map((row) => JSON.stringify(row.duplicate_payment_ids))}::jsonb[])
      on conflict (order_id) do update set status = excluded.status, payment_id = excluded.payment_id,
        failure_reason = excluded.failure_reason, paid_at = excluded.paid_at, failed_at = excluded.failed_at,
        expired_at = excluded.expired_at, duplicate_payment_ids = excluded.duplicate_payment_ids`.execute(trx)
  },
}

/** The billing history: every order with its outcome. */
export const ordersViewProjection: Projection = {
  name: 'orders_view',
  version: 2,
  eventTypes: orderEventDefinitions.map((definition) => definition.type),
  ...rowFoldApply(ordersFold),
  ...ownedTables({ table: 'orders_view', key: 'order_id' }),
}
