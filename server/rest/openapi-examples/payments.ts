import { findPlan } from '#app.catalog.ts'
import { orderMessages } from '#events/orders/order-decider.ts'
import { planChangeMessages } from '#events/subscriptions/plan-change.ts'
import { invoiceMessages } from '#server/invoices/invoice-download.ts'
import { exampleIds, exampleTimes } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

const professionalName = findPlan('professional')?.name ?? 'Professional'

const planChanges = (scheduled: boolean) => ({
  currentPlan: 'professional',
  periodEnd: exampleTimes.periodEnd,
  scheduledChange: scheduled ? { planType: 'starter', effectiveAt: exampleTimes.periodEnd } : null,
  changes: [
    {
      planType: 'starter',
      kind: scheduled ? 'scheduled' : 'downgrade',
      listPrice: 9900,
      credit: 0,
      amountDue: 0,
      startsAt: exampleTimes.periodEnd,
      periodEnd: null,
      reason: null,
    },
    {
      planType: 'professional',
      kind: 'extend',
      listPrice: 29900,
      credit: 0,
      amountDue: 29900,
      startsAt: '2026-11-24T14:40:42.052Z',
      periodEnd: '2027-01-24T14:40:41.587Z',
      reason: null,
    },
    {
      planType: 'pro',
      kind: 'upgrade',
      listPrice: 49900,
      credit: 29900,
      amountDue: 20000,
      startsAt: '2026-11-24T14:40:42.052Z',
      periodEnd: '2026-12-24T14:40:42.052Z',
      reason: null,
    },
  ],
})

const paymentProof = {
  razorpay_order_id: exampleIds.order,
  razorpay_payment_id: exampleIds.payment,
  razorpay_signature: exampleIds.signature,
}

export const paymentsExamples = {
  'POST /auth/create-order': {
    request: { json: { planType: 'professional', billingCycle: 'monthly', expectedAmount: 29900 } },
    success: {
      id: exampleIds.order,
      amount: 29900,
      currency: 'INR',
      keyId: 'rzp_test_sandbox',
      name: 'Interview Helper',
      description: 'Professional plan — 15 interviews, 1 month',
      themeColor: '#5e6ad2',
      testMode: true,
      notes: { userId: exampleIds.user, planType: 'professional', billingCycle: 'monthly', change: 'new' },
    },
    errors: {
      plan_change_refused: {
        error: planChangeMessages.downgradeIsScheduled('Starter', professionalName, exampleTimes.periodEnd),
      },
    },
  },
  'POST /auth/verify-payment': {
    request: { json: paymentProof },
    success: { verified: true, orderId: exampleIds.order, paymentId: exampleIds.payment, planType: 'professional' },
    errors: { not_found: { error: orderMessages.notFound } },
  },
  'GET /billing/history': {
    success: {
      entries: [
        {
          orderId: exampleIds.order,
          planType: 'professional',
          amount: 29900,
          currency: 'INR',
          status: 'paid',
          paymentId: exampleIds.payment,
          failureReason: null,
          refundDuePaymentIds: [],
          createdAt: exampleTimes.ordered,
          paidAt: exampleTimes.periodStart,
          testMode: true,
          invoiceNumber: exampleIds.invoice,
        },
      ],
    },
  },
  'GET /billing/invoices/{orderId}/pdf': {
    request: { path: { orderId: exampleIds.order } },
    success: '%PDF-1.7 … (the A4 invoice IH/2026-27/000001)',
    errors: { not_found: { error: invoiceMessages.notFound } },
  },
  'POST /payments/sandbox/complete': {
    request: { json: { orderId: exampleIds.order, outcome: 'success' } },
    success: { outcome: 'success', result: paymentProof },
    errors: { not_found: { error: orderMessages.notFound } },
  },
  'GET /payments/plan-changes': { success: planChanges(false) },
  'POST /payments/plan-change/schedule': {
    request: { json: { planType: 'starter' } },
    success: planChanges(true),
  },
  'POST /payments/plan-change/cancel': {
    success: planChanges(false),
    errors: { not_found: { error: planChangeMessages.nothingScheduled } },
  },
} satisfies TagExamples
