import { z } from 'zod'

/** In-process: wakes the webhook job, which works through every due delivery. */
export const webhookProcessingEvent = 'razorpay/webhook.received'

/** With Inngest: one event per delivery, its id the Razorpay event id (Inngest drops a repeated id). */
export const deliveryReceivedEvent = 'razorpay/webhook.delivery'
export const deliveryEventData = z.object({ deliveryId: z.string().min(1) })
