import { createFileRoute } from '@tanstack/react-router'
import { servedRoute } from '#server/routes/api-routes.ts'

export const Route = createFileRoute('/api/billing/invoices/$orderId/pdf')({
  server: servedRoute('/api/billing/invoices/$orderId/pdf'),
})
