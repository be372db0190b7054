import { createFileRoute } from '@tanstack/react-router'
import { handleQuestionStream } from '#server/http/question-stream-route.ts'

export const Route = createFileRoute('/api/interview/question/stream')({
  server: { handlers: { POST: ({ request }) => handleQuestionStream(request) } },
})
