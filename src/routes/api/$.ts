import { createFileRoute } from '@tanstack/react-router'
import { handleRestRequest } from '#server/rest/rest-bridge.ts'

export const Route = createFileRoute('/api/$')({
  server: {
    handlers: {
      ANY: ({ request }) => handleRestRequest(request),
    },
  },
})
