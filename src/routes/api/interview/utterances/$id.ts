import { createFileRoute } from '@tanstack/react-router'
import { servedRoute } from '#server/routes/api-routes.ts'

export const Route = createFileRoute('/api/interview/utterances/$id')({
  server: servedRoute('/api/interview/utterances/$id'),
})
