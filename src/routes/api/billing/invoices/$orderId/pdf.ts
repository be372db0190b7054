import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleInvoicePdf } from '#server/routes/invoice-pdf-route.ts'

export const Route = createFileRoute('/api/billing/invoices/$orderId/pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) => handleInvoicePdf(request, params.orderId),
      ...otherMethodsRefused('GET'),
    },
  },
})
