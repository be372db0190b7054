import { createFileRoute } from '@tanstack/react-router'
import { SessionReviewPage } from '#src/components/interview/review/session-review-page.tsx'

export const Route = createFileRoute('/_authed/review/$sessionId')({
  head: () => ({ meta: [{ title: 'Interview Review | Interview Helper' }] }),
  component: ReviewRoute,
})

function ReviewRoute() {
  const { sessionId } = Route.useParams()
  return <SessionReviewPage sessionId={sessionId} />
}
