import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type Outputs = inferRouterOutputs<AppRouter>

/** What `auth.createOrder` answers: the order plus everything Checkout.js needs to open. */
export type Order = Outputs['auth']['createOrder']

/** Spec §3 "Payment result" and "Verify payload". */
export type PaymentResult = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }

/** Spec §3 "Checkout prefill". */
export type Prefill = { name: string; email: string; contact?: string }

/** How a checkout (Razorpay's modal or the sandbox dialog) ended. */
export type CheckoutOutcome =
  { type: 'paid'; result: PaymentResult } | { type: 'failed'; description?: string | undefined } | { type: 'dismissed' }

/** Spec §3 "Order response": success, data, error. */
export type OrderAnswer = { success: boolean; data?: Order | null | undefined; error?: string | undefined }

export type SubscriptionAnswer = Outputs['auth']['subscription']
export type BillingEntry = Outputs['billing']['history']['entries'][number]
