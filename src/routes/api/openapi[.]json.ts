import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { devMailboxOpen } from '#server/mail/dev-mailbox-open.ts'
import { openApiDocument } from '#server/rest/openapi-document.ts'
import { getRuntime } from '#server/runtime.ts'

export const Route = createFileRoute('/api/openapi.json')({
  server: {
    handlers: {
      GET: async () => {
        const { config } = await getRuntime()
        return Response.json(openApiDocument({ devMailbox: devMailboxOpen(config) }), {
          headers: { 'cache-control': 'no-cache' },
        })
      },
      ...otherMethodsRefused('GET'),
    },
  },
})
