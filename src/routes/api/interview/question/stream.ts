import { createFileRoute } from '@tanstack/react-router'
import { handleQuestionStream } from '#server/interviews/http/question-stream-endpoint.ts'

export const Route = createFileRoute('/api/interview/question/stream')({
  server: { handlers: { POST: ({ request }) => handleQuestionStream(request) } },
})
