import { z } from 'zod'
import { planIds } from '../../app.config.ts'
import { defineEvent, type EventOf } from '../store/event-definition.ts'

/** One stream per person: their plan periods and, later, the interviews they use from them. */
export const subscriptionStreamId = (userId: string) => `subscription-${userId}`

export const subscriptionActivated = defineEvent({
  type: 'SubscriptionActivated',
  schemaVersion: 1,
  schema: z.object({
    userId: z.string(),
    orderId: z.string(),
    planType: z.enum(planIds),
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
    /** The plan's interviews for this period plus those left unused from the period it replaces. */
    interviewsIncluded: z.number().int().nonnegative(),
    carriedOver: z.number().int().nonnegative(),
    replacedPlan: z.enum(planIds).nullable(),
  }),
})

export const subscriptionExpired = defineEvent({
  type: 'SubscriptionExpired',
  schemaVersion: 1,
  schema: z.object({ planType: z.enum(planIds), periodEnd: z.iso.datetime() }),
})

export const subscriptionEventDefinitions = [subscriptionActivated, subscriptionExpired] as const
export type SubscriptionEvent = EventOf<(typeof subscriptionEventDefinitions)[number]>

export type SubscriptionState = {
  planType: z.infer<typeof subscriptionActivated.schema>['planType'] | 'none'
  status: 'none' | 'active' | 'expired'
  periodStart: string | null
  periodEnd: string | null
  interviewsIncluded: number
  interviewsUsed: number
  /** Orders already turned into a period: a second proof of one payment activates nothing. */
  activatedOrders: string[]
}

export const initialSubscriptionState: SubscriptionState = {
  planType: 'none',
  status: 'none',
  periodStart: null,
  periodEnd: null,
  interviewsIncluded: 0,
  interviewsUsed: 0,
  activatedOrders: [],
}

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionActivated':
      return {
        planType: event.data.planType,
        status: 'active',
        periodStart: event.data.periodStart,
        periodEnd: event.data.periodEnd,
        interviewsIncluded: event.data.interviewsIncluded,
        interviewsUsed: 0,
        activatedOrders: [...state.activatedOrders, event.data.orderId],
      }
    case 'SubscriptionExpired':
      return { ...state, status: 'expired' }
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

/** Active means paid for and not past its end, whether or not the expiry job has run yet. */
export function isSubscriptionActive(state: Pick<SubscriptionState, 'status' | 'periodEnd'>, now: Date): boolean {
  return state.status === 'active' && state.periodEnd !== null && new Date(state.periodEnd) > now
}
