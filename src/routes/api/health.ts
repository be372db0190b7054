import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/http/api-route-handlers.ts'
import { handleHealth } from '#server/http/health-routes.ts'

export const Route = createFileRoute('/api/health')({
  server: { handlers: { GET: () => handleHealth(), ...otherMethodsRefused('GET') } },
})
