import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleHealth } from '#server/routes/health-routes.ts'

export const Route = createFileRoute('/api/health')({
  server: { handlers: { GET: () => handleHealth(), ...otherMethodsRefused('GET') } },
})
