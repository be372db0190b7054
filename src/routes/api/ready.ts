import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleReady } from '#server/routes/health-routes.ts'
import { getRuntime } from '#server/runtime.ts'

export const Route = createFileRoute('/api/ready')({
  server: { handlers: { GET: () => handleReady(getRuntime), ...otherMethodsRefused('GET') } },
})
