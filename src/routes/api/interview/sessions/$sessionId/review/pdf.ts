import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleReviewFile } from '#server/routes/review-file-route.ts'

export const Route = createFileRoute('/api/interview/sessions/$sessionId/review/pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) => handleReviewFile(request, params.sessionId, 'pdf'),
      ...otherMethodsRefused('GET'),
    },
  },
})
