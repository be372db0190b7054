import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/http/api-route-handlers.ts'
import { openApiDocument } from '#server/rest/openapi-document.ts'

export const Route = createFileRoute('/api/openapi.json')({
  server: {
    handlers: {
      GET: () => Response.json(openApiDocument(), { headers: { 'cache-control': 'no-cache' } }),
      ...otherMethodsRefused('GET'),
    },
  },
})
