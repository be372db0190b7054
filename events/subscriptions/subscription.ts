import { z } from 'zod'
import { findPlan, planIds } from '#app.catalog.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

/** One stream per person: their plan periods and, later, the interviews they use from them. */
export const subscriptionStreamId = (userId: string) => `subscription-${userId}`

const subscriptionActivated = defineEvent({
  type: 'SubscriptionActivated',
  schemaVersion: 2,
  // Version 1 had no periodValue: its period was worth the plan's catalog price.
  upcasters: {
    1: (data) => {
      const v1 = z
        .object({ planType: z.enum(planIds) })
        .loose()
        .parse(data)
      return { ...v1, periodValue: findPlan(v1.planType)?.amount ?? 0 }
    },
  },
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
    /** What the whole period is worth in paise (list prices): the base of an upgrade's credit. */
    periodValue: z.number().int().nonnegative(),
  }),
})

/** The same plan bought again while active: the period ends one month later, with that month's interviews added. */
const subscriptionExtended = defineEvent({
  type: 'SubscriptionExtended',
  schemaVersion: 1,
  schema: z.object({
    orderId: z.string(),
    /** The order that started the period being extended (usage is counted against it). */
    periodOrderId: z.string(),
    planType: z.enum(planIds),
    previousPeriodEnd: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
    interviewsAdded: z.number().int().nonnegative(),
    interviewsIncluded: z.number().int().nonnegative(),
    valueAdded: z.number().int().nonnegative(),
  }),
})

/** A lower plan chosen while a period runs: it takes over when the period ends, nothing is charged now. */
const planChangeScheduled = defineEvent({
  type: 'PlanChangeScheduled',
  schemaVersion: 1,
  schema: z.object({ fromPlan: z.enum(planIds), toPlan: z.enum(planIds), effectiveAt: z.iso.datetime() }),
})

const planChangeCancelled = defineEvent({
  type: 'PlanChangeCancelled',
  schemaVersion: 1,
  schema: z.object({ toPlan: z.enum(planIds), effectiveAt: z.iso.datetime() }),
})

/**
 * The period with a scheduled change ended: the account's plan is now the lower one, waiting for
 * its first payment (nothing renews by itself).
 */
const planChangeApplied = defineEvent({
  type: 'PlanChangeApplied',
  schemaVersion: 1,
  schema: z.object({ fromPlan: z.enum(planIds), toPlan: z.enum(planIds), effectiveAt: z.iso.datetime() }),
})

const subscriptionExpired = defineEvent({
  type: 'SubscriptionExpired',
  schemaVersion: 1,
  schema: z.object({ planType: z.enum(planIds), periodEnd: z.iso.datetime() }),
})

/** An interview session took one interview of the period's allowance. */
const interviewCreditUsed = defineEvent({
  type: 'InterviewCreditUsed',
  schemaVersion: 1,
  schema: z.object({ sessionId: z.string(), orderId: z.string() }),
})

/** The session ended: it counted, or its interview was given back (docs/decisions/0008-interview-usage.md). */
const interviewCreditSettled = defineEvent({
  type: 'InterviewCreditSettled',
  schemaVersion: 1,
  schema: z.object({
    sessionId: z.string(),
    /** The period whose allowance the credit came from; null when that period is over. */
    orderId: z.string().nullable(),
    counted: z.boolean(),
    reason: z.string(),
  }),
})

export const subscriptionEventDefinitions = [
  subscriptionActivated,
  subscriptionExtended,
  planChangeScheduled,
  planChangeCancelled,
  planChangeApplied,
  subscriptionExpired,
  interviewCreditUsed,
  interviewCreditSettled,
] as const
export type SubscriptionEvent = EventOf<(typeof subscriptionEventDefinitions)[number]>

/** The deciding state; also the shape its snapshots are stored and parsed back in. */
export const subscriptionStateSchema = z.object({
  planType: z.enum([...planIds, 'none']),
  status: z.enum(['none', 'active', 'expired']),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  interviewsIncluded: z.number(),
  interviewsUsed: z.number(),
  /** What the current period is worth in paise (list prices of the months paid into it). */
  periodValue: z.number(),
  /** A lower plan that takes over when the current period ends. */
  scheduledChange: z.object({ toPlan: z.enum(planIds), effectiveAt: z.string() }).nullable(),
  /** The plan whose period ended when a scheduled lower plan took over (until that plan is paid for). */
  switchedFrom: z.enum(planIds).nullable(),
  /** Orders already turned into a period: a second proof of one payment activates nothing. */
  activatedOrders: z.array(z.string()),
  /** The order whose period is current. */
  currentOrderId: z.string().nullable(),
  /** Sessions holding a credit and not yet settled (a person may interview on two devices). */
  activeSessions: z.array(z.string()),
  /** Sessions that took a credit in the current period (a credit given back only counts there). */
  periodSessions: z.array(z.string()),
})
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>

export const initialSubscriptionState: SubscriptionState = {
  planType: 'none',
  status: 'none',
  periodStart: null,
  periodEnd: null,
  interviewsIncluded: 0,
  interviewsUsed: 0,
  periodValue: 0,
  scheduledChange: null,
  switchedFrom: null,
  activatedOrders: [],
  currentOrderId: null,
  activeSessions: [],
  periodSessions: [],
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
        periodValue: event.data.periodValue,
        scheduledChange: null,
        switchedFrom: null,
        activatedOrders: [...state.activatedOrders, event.data.orderId],
        currentOrderId: event.data.orderId,
        activeSessions: state.activeSessions,
        periodSessions: [],
      }
    case 'SubscriptionExtended':
      return {
        ...state,
        periodEnd: event.data.periodEnd,
        interviewsIncluded: event.data.interviewsIncluded,
        periodValue: state.periodValue + event.data.valueAdded,
        scheduledChange: null,
        activatedOrders: [...state.activatedOrders, event.data.orderId],
      }
    case 'PlanChangeScheduled':
      return { ...state, scheduledChange: { toPlan: event.data.toPlan, effectiveAt: event.data.effectiveAt } }
    case 'PlanChangeCancelled':
      return { ...state, scheduledChange: null }
    case 'PlanChangeApplied':
      return {
        ...state,
        planType: event.data.toPlan,
        status: 'expired',
        scheduledChange: null,
        switchedFrom: event.data.fromPlan,
      }
    case 'SubscriptionExpired':
      return { ...state, status: 'expired' }
    case 'InterviewCreditUsed':
      return {
        ...state,
        interviewsUsed: state.interviewsUsed + 1,
        activeSessions: [...state.activeSessions, event.data.sessionId],
        periodSessions: [...state.periodSessions, event.data.sessionId],
      }
    case 'InterviewCreditSettled': {
      const givenBack = !event.data.counted && state.periodSessions.includes(event.data.sessionId)
      return {
        ...state,
        interviewsUsed: givenBack ? state.interviewsUsed - 1 : state.interviewsUsed,
        activeSessions: state.activeSessions.filter((id) => id !== event.data.sessionId),
        periodSessions: givenBack
          ? state.periodSessions.filter((id) => id !== event.data.sessionId)
          : state.periodSessions,
      }
    }
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
