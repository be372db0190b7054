import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleAudioQuestion } from '#server/routes/audio-question-route.ts'
import { withIdempotency } from '#server/routes/idempotency.ts'

export const Route = createFileRoute('/api/interview/audio-question')({
  server: {
    handlers: { POST: ({ request }) => withIdempotency(request, handleAudioQuestion), ...otherMethodsRefused('POST') },
  },
})
