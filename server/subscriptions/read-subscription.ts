import type { Kysely } from 'kysely'
import { featuresFor, findPlan } from '#app.config.ts'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { Subscription } from './subscription.types.ts'

/** A person with no paid plan: planType 'none' with every feature off. */
const noSubscription: Subscription = {
  planType: 'none',
  status: 'none',
  billingCycle: 'monthly',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  daysUntilExpiry: 0,
  isActive: false,
  interviewsIncluded: 0,
  scheduledChange: null,
}

const dayMs = 24 * 60 * 60 * 1000

/** The person's plan from the subscriptions view; days and activity are computed at read time. */
export async function readSubscription(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  fresh?: () => Promise<void>,
) {
  await fresh?.()
  const row = await db.selectFrom('subscriptions_view').selectAll().where('user_id', '=', userId).executeTakeFirst()
  if (!row) return { subscription: noSubscription, features: featuresFor('none') }
  const now = clock.now()
  const end = new Date(row.period_end)
  const isActive = row.status === 'active' && end > now
  // A scheduled lower plan takes over at the period's end, whether or not the expiry job has run yet.
  const scheduled = row.scheduled_plan !== null && row.scheduled_at !== null ? findPlan(row.scheduled_plan) : undefined
  const planType = (!isActive && scheduled ? scheduled.planId : row.plan_type) as Subscription['planType']
  const subscription: Subscription = {
    planType,
    status: isActive ? 'active' : 'expired',
    billingCycle: 'monthly',
    currentPeriodStart: new Date(row.period_start).toISOString(),
    currentPeriodEnd: end.toISOString(),
    daysUntilExpiry: isActive ? Math.ceil((end.getTime() - now.getTime()) / dayMs) : 0,
    isActive,
    interviewsIncluded: isActive ? row.interviews_included : 0,
    scheduledChange:
      isActive && scheduled && row.scheduled_at
        ? { planType: scheduled.planId, effectiveAt: new Date(row.scheduled_at).toISOString() }
        : null,
  }
  return { subscription, features: periodFeatures(subscription) }
}

/**
 * The plan's features, with maxInterviews being this period's allowance: the same number the
 * subscription shows, so no page can show two different counts.
 */
function periodFeatures(subscription: Subscription) {
  if (!subscription.isActive) return featuresFor('none')
  return { ...featuresFor(subscription.planType), maxInterviews: subscription.interviewsIncluded }
}
