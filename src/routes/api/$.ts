import { createFileRoute } from '@tanstack/react-router'
import { noEndpointResponse } from '#server/rest/create-rest-handler.ts'

/**
 * An address under /api that no route here serves and no REST operation either: REST operations
 * never reach the page router, the HTTP pipeline hands them to the REST handler (decision 0105).
 */
export const Route = createFileRoute('/api/$')({
  server: {
    handlers: {
      ANY: ({ request }) => {
        const { pathname } = new URL(request.url)
        return noEndpointResponse(request.method.toUpperCase(), pathname === '/api' ? '/api/' : pathname)
      },
    },
  },
})
