import type { BackgroundJob } from '#server/jobs/background-job.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { expireSubscriptions } from './expire-subscriptions.ts'
import { processWebhookDeliveries } from './process-webhook-deliveries.ts'
import { webhookProcessingEvent } from './webhook-deliveries.ts'

const subscriptionsDueEvent = 'subscriptions/expiry.due'

export function paymentJobs(runtime: () => Runtime): BackgroundJob[] {
  return [
    {
      id: 'process-razorpay-webhooks',
      name: 'Process Razorpay webhook deliveries',
      wakeEvent: webhookProcessingEvent,
      cron: '* * * * *',
      retries: 10,
      run: () => processWebhookDeliveries(runtime()),
    },
    {
      id: 'expire-subscriptions',
      name: 'Expire plan periods that are over',
      wakeEvent: subscriptionsDueEvent,
      cron: '*/10 * * * *',
      run: () => expireSubscriptions(runtime()),
    },
  ]
}
