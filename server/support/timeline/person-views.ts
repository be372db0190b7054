import type { Kysely, Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * A person's plan period, usage per period, orders and interview reviews (counts only) as the views hold them. Time travel reads
 * its folded tables through this, and tests read the live views through it to compare.
 */
export async function personViews(db: Kysely<EventsDatabase> | Transaction<EventsDatabase>, userId: string) {
  const [subscription, usage, orders, reviews] = await Promise.all([
    db.selectFrom('subscriptions_view').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('usage_periods_view')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('period_start')
      .orderBy('order_id')
      .execute(),
    db
      .selectFrom('orders_view')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('order_id')
      .execute(),
    db
      .selectFrom('interview_review_sessions as session')
      .leftJoin('interview_review_questions as question', 'question.session_id', 'session.session_id')
      .select((eb) => [
        'session.session_id',
        'session.status',
        'session.ended_at',
        eb.fn.count<string>('question.question_id').as('questions'),
        eb.fn.count<string>('question.rating').as('rated'),
      ])
      .where('session.user_id', '=', userId)
      .groupBy(['session.session_id', 'session.status', 'session.ended_at', 'session.started_at'])
      .orderBy('session.started_at')
      .orderBy('session.session_id')
      .execute(),
  ])
  return {
    subscription: subscription
      ? {
          planType: subscription.plan_type,
          status: subscription.status,
          periodStart: iso(subscription.period_start) ?? '',
          periodEnd: iso(subscription.period_end) ?? '',
          interviewsIncluded: subscription.interviews_included,
          carriedOver: subscription.carried_over,
          orderId: subscription.order_id,
          scheduledPlan: subscription.scheduled_plan,
          scheduledAt: iso(subscription.scheduled_at),
        }
      : null,
    usage: usage.map((row) => ({
      orderId: row.order_id,
      planType: row.plan_type,
      periodStart: iso(row.period_start) ?? '',
      periodEnd: iso(row.period_end) ?? '',
      included: row.included,
      used: row.used,
      givenBack: row.given_back,
    })),
    orders: orders.map((row) => ({
      orderId: row.order_id,
      planType: row.plan_type,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      paymentId: row.payment_id,
      failureReason: row.failure_reason,
      createdAt: iso(row.created_at) ?? '',
      paidAt: iso(row.paid_at),
      failedAt: iso(row.failed_at),
      expiredAt: iso(row.expired_at),
      duplicatePaymentIds: row.duplicate_payment_ids,
    })),
    interviewReviews: reviews.map((row) => ({
      sessionId: row.session_id,
      status: row.status,
      endedAt: iso(row.ended_at),
      questions: Number(row.questions),
      rated: Number(row.rated),
    })),
  }
}
