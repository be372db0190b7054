import { z } from 'zod'
import { planIds } from '#app.config.ts'

const gatewayId = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} must be at most 64 characters`)
    .regex(/^[\w-]+$/, `${name} is malformed`)

export const createOrderInput = z.object({
  planType: z.enum(planIds, { error: `planType must be one of ${planIds.join(', ')}` }),
  billingCycle: z.literal('monthly', { error: "billingCycle must be 'monthly'" }).default('monthly'),
  expectedAmount: z.number().int().positive().max(10_000_000).optional().meta({
    description:
      'The amount in paise the person was shown (GET /payments/plan-changes) and confirmed; when the price is now different the order is refused (409 plan_change_refused) instead of charging another amount',
  }),
})

export const createOrderOutput = z
  .object({
    id: z.string().meta({ description: 'The gateway order id, for Checkout.js order_id' }),
    amount: z.number().int().meta({ description: 'In paise' }),
    currency: z.literal('INR'),
    keyId: z.string().meta({ description: 'The public key for Checkout.js' }),
    name: z.string(),
    description: z.string(),
    themeColor: z.string(),
    testMode: z.boolean().meta({ description: 'True with the sandbox gateway: no real money moves' }),
    notes: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Order' })

export const verifyPaymentInput = z.object({
  razorpay_order_id: gatewayId('razorpay_order_id'),
  razorpay_payment_id: gatewayId('razorpay_payment_id'),
  razorpay_signature: z
    .string()
    .trim()
    .min(1, 'razorpay_signature is required')
    .max(256)
    .regex(/^[0-9a-f]+$/i, 'razorpay_signature is malformed'),
})

export const verifyPaymentOutput = z.object({
  verified: z.literal(true),
  orderId: z.string(),
  paymentId: z.string(),
  planType: z.enum(planIds),
})

export const orderStatusSchema = z.enum(['created', 'paid', 'failed', 'abandoned', 'expired']).meta({
  description:
    'created: checkout open; paid; failed: declined (may still be paid in the same checkout); abandoned: the checkout was closed unpaid (a payment the gateway still reports pays it); expired: not paid within the checkout window',
})

export const billingEntrySchema = z
  .object({
    orderId: z.string(),
    planType: z.enum(planIds),
    amount: z.number().int(),
    currency: z.literal('INR'),
    status: orderStatusSchema,
    paymentId: z.string().nullable(),
    failureReason: z.string().nullable(),
    refundDuePaymentIds: z
      .array(z.string())
      .meta({ description: 'Payments taken after this order was already paid; each is refunded' }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    testMode: z.boolean(),
    invoiceNumber: z.string().nullable().meta({
      description:
        'The invoice of a paid order, such as IH/2026-27/000123; its PDF is GET /billing/invoices/{orderId}/pdf',
    }),
  })
  .meta({ id: 'BillingEntry' })
