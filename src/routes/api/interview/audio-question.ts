import { createFileRoute } from '@tanstack/react-router'
import { handleAudioQuestion } from '#server/http/audio-question-route.ts'

export const Route = createFileRoute('/api/interview/audio-question')({
  server: { handlers: { POST: ({ request }) => handleAudioQuestion(request) } },
})
