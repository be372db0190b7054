import { createFileRoute } from '@tanstack/react-router'
import { handleInvoicePdf } from '#server/http/invoice-pdf-route.ts'

export const Route = createFileRoute('/api/billing/invoices/$orderId/pdf')({
  server: { handlers: { GET: ({ request, params }) => handleInvoicePdf(request, params.orderId) } },
})
