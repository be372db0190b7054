import { NonRetriableError } from 'inngest'
import { DomainError } from '#events/domain-error.ts'
import type { InngestClient } from '#server/jobs/inngest-client.ts'
import { markDeliveryFailed, processDelivery } from '#server/payments/process-delivery.ts'
import { recordDeliveryRun } from '#server/payments/record-delivery-run.ts'
import { deliveryEventData, deliveryReceivedEvent } from '#server/payments/webhook-events.ts'
import type { Runtime } from '#server/runtime.types.ts'

/** 15 attempts in all, as many as the in-process schedule gives (decision 0015); the waits are Inngest's. */
const deliveryRetries = 14

/**
 * One run per Razorpay delivery, so its attempts and errors are what support staff see in Inngest.
 * A failing attempt throws (Inngest retries it with its backoff); a refusal is final at once; once
 * the attempts are spent, onFailure marks the delivery failed for an operator.
 */
export function createDeliveryFunction(client: InngestClient, runtime: Runtime) {
  return client.createFunction(
    {
      id: 'process-razorpay-delivery',
      name: 'Process a Razorpay webhook delivery',
      retries: deliveryRetries,
      triggers: [{ event: deliveryReceivedEvent }],
      onFailure: async ({ event, error }) => {
        const parsed = deliveryEventData.safeParse(event.data.event.data)
        if (parsed.success) await markDeliveryFailed(runtime, parsed.data.deliveryId, error.message)
      },
    },
    async ({ event, step, runId }) => {
      const parsed = deliveryEventData.safeParse(event.data)
      if (!parsed.success) throw new NonRetriableError('The event names no webhook delivery')
      const { deliveryId } = parsed.data
      // Support opens the delivery's latest run from its row; writing it again on each invocation is harmless.
      await recordDeliveryRun(runtime, deliveryId, runId)
      return step.run('apply the delivery to its order', async () => {
        try {
          return await processDelivery(runtime, deliveryId)
        } catch (error) {
          // A refusal is a decision: asking again gives the same answer.
          if (error instanceof DomainError) throw new NonRetriableError(error.message, { cause: error })
          throw error
        }
      })
    },
  )
}
