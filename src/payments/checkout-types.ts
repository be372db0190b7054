import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type Outputs = inferRouterOutputs<AppRouter>

/** What `payments.createOrder` answers: the order plus everything Checkout.js needs to open. */
export type Order = Outputs['payments']['createOrder']

/** What Checkout answers on payment, and what verification sends on. */
export type PaymentResult = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }

/** The buyer's details Checkout fills in. */
export type Prefill = { name: string; email: string; contact?: string }

/** How a checkout (Razorpay's modal or the sandbox dialog) ended. */
export type CheckoutOutcome =
  { type: 'paid'; result: PaymentResult } | { type: 'failed'; description?: string | undefined } | { type: 'dismissed' }

/** The answer to an order request: success, data, error. */
export type OrderAnswer = { success: boolean; data?: Order | null | undefined; error?: string | undefined }

export type SubscriptionAnswer = Outputs['payments']['subscription']
export type BillingEntry = Outputs['payments']['billingHistory']['entries'][number]
