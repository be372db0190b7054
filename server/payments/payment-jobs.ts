import type { BackgroundJob } from '#server/jobs/background-job.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { sendUnsentDeliveryEvents } from './announce-deliveries.ts'
import { expireOrders } from './expire-orders.ts'
import { expireSubscriptions } from './expire-subscriptions.ts'
import { processWebhookDeliveries } from './process-webhook-deliveries.ts'
import { webhookProcessingEvent } from './webhook-events.ts'

const subscriptionsDueEvent = 'subscriptions/expiry.due'

/**
 * In-process, one job works through the due webhook deliveries. With Inngest each delivery is its
 * own function run (inngest/functions/razorpay-delivery-function.ts), and the job here only sends
 * the events of deliveries that never reached Inngest.
 */
export function paymentJobs(runtime: () => Runtime, options: { inngest?: boolean } = {}): BackgroundJob[] {
  const webhooks: BackgroundJob = options.inngest
    ? {
        id: 'send-unsent-razorpay-deliveries',
        name: 'Send Razorpay deliveries that never reached Inngest',
        cron: '* * * * *',
        run: () => sendUnsentDeliveryEvents(runtime()),
      }
    : {
        id: 'process-razorpay-webhooks',
        name: 'Process Razorpay webhook deliveries',
        wakeEvent: webhookProcessingEvent,
        cron: '* * * * *',
        retries: 10,
        run: () => processWebhookDeliveries(runtime()),
      }
  return [
    webhooks,
    {
      id: 'expire-subscriptions',
      name: 'Expire plan periods that are over',
      wakeEvent: subscriptionsDueEvent,
      cron: '*/10 * * * *',
      run: () => expireSubscriptions(runtime()),
    },
    {
      id: 'expire-orders',
      name: 'Expire orders not paid within their checkout window',
      cron: '* * * * *',
      run: () => expireOrders(runtime()),
    },
  ]
}
