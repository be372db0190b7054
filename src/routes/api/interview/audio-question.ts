import { createFileRoute } from '@tanstack/react-router'
import { handleAudioQuestion } from '#server/interviews/http/audio-question-endpoint.ts'

export const Route = createFileRoute('/api/interview/audio-question')({
  server: { handlers: { POST: ({ request }) => handleAudioQuestion(request) } },
})
