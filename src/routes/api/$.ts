import { createFileRoute } from '@tanstack/react-router'
import { withIdempotency } from '#server/http/idempotency.ts'
import { handleRestRequest } from '#server/rest/rest-bridge.ts'

export const Route = createFileRoute('/api/$')({
  server: {
    handlers: {
      ANY: ({ request }) => withIdempotency(request, handleRestRequest),
    },
  },
})
