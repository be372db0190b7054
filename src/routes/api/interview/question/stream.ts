import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/http/api-route-handlers.ts'
import { handleQuestionStream } from '#server/http/question-stream-route.ts'

export const Route = createFileRoute('/api/interview/question/stream')({
  server: { handlers: { POST: ({ request }) => handleQuestionStream(request), ...otherMethodsRefused('POST') } },
})
