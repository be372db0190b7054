import { z } from 'zod'

/** A payment captured that must not pay its order, as support's refund list shows it. */
export const refundSchema = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  amount: z.number().int().meta({ description: 'In paise' }),
  gateway: z.enum(['razorpay', 'sandbox']),
  reason: z.enum(['order-already-paid', 'owner-erased']).meta({
    description: 'order-already-paid: the customer paid twice; owner-erased: the account was deleted before it came',
  }),
  refunded: z.boolean(),
})
