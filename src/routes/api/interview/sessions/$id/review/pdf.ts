import { createFileRoute } from '@tanstack/react-router'
import { servedRoute } from '#server/routes/api-routes.ts'

export const Route = createFileRoute('/api/interview/sessions/$id/review/pdf')({
  server: servedRoute('/api/interview/sessions/$id/review/pdf'),
})
