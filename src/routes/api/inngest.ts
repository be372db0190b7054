import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { serveInngest } from '#inngest/serve-inngest.ts'
import { getRuntime } from '#server/runtime.ts'

const handle = async ({ request }: { request: Request }) => serveInngest(await getRuntime(), request)

export const Route = createFileRoute('/api/inngest')({
  server: { handlers: { GET: handle, POST: handle, PUT: handle, ...otherMethodsRefused('GET', 'POST', 'PUT') } },
})
