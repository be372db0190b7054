import type { Kysely } from 'kysely'
import { featuresFor } from '../../app.config.ts'
import type { Database } from '../db/schema.ts'
import type { Subscription } from '../trpc/schemas/auth.ts'

/** A person with no paid plan: spec §3, planType 'none' with every feature off. */
export const noSubscription: Subscription = {
  planType: 'none',
  status: 'none',
  billingCycle: 'Monthly',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  daysUntilExpiry: 0,
  isActive: false,
  interviewsIncluded: 0,
}

/** The person's plan. Payments (and so subscriptions) arrive with the payments work. */
export async function readSubscription(_db: Kysely<Database>, _userId: string) {
  const subscription = noSubscription
  return { subscription, features: featuresFor(subscription.planType) }
}
