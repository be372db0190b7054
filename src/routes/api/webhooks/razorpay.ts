import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleRazorpayWebhook } from '#server/routes/razorpay-webhook-route.ts'
import { getRuntime } from '#server/runtime.ts'

export const Route = createFileRoute('/api/webhooks/razorpay')({
  server: {
    handlers: {
      POST: async ({ request }) => handleRazorpayWebhook(await getRuntime(), request),
      ...otherMethodsRefused('POST'),
    },
  },
})
