import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/http/api-route-handlers.ts'
import { handleAudioQuestion } from '#server/http/audio-question-route.ts'
import { withIdempotency } from '#server/http/idempotency.ts'

export const Route = createFileRoute('/api/interview/audio-question')({
  server: {
    handlers: { POST: ({ request }) => withIdempotency(request, handleAudioQuestion), ...otherMethodsRefused('POST') },
  },
})
