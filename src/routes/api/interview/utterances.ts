import { createFileRoute } from '@tanstack/react-router'
import { servedRoute } from '#server/routes/api-routes.ts'

export const Route = createFileRoute('/api/interview/utterances')({
  server: servedRoute('/api/interview/utterances'),
})
