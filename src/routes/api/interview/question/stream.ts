import { createFileRoute } from '@tanstack/react-router'
import { otherMethodsRefused } from '#server/routes/api-route-handlers.ts'
import { handleQuestionStream } from '#server/routes/question-stream-route.ts'

export const Route = createFileRoute('/api/interview/question/stream')({
  server: { handlers: { POST: ({ request }) => handleQuestionStream(request), ...otherMethodsRefused('POST') } },
})
