import { createFileRoute } from '@tanstack/react-router'
import { servedRoute } from '#server/routes/api-routes.ts'

export const Route = createFileRoute('/api/interview/sessions/$id/review/csv')({
  server: servedRoute('/api/interview/sessions/$id/review/csv'),
})
