import { createFileRoute } from '@tanstack/react-router'
import { SessionReviewPage } from '#src/components/interview/review/session-review-page.tsx'
import { RouteGuard } from '#src/components/route-guard.tsx'

export const Route = createFileRoute('/review/$sessionId')({
  head: () => ({ meta: [{ title: 'Interview Review | Interview Helper' }] }),
  component: () => (
    <RouteGuard>
      <ReviewRoute />
    </RouteGuard>
  ),
})

function ReviewRoute() {
  const { sessionId } = Route.useParams()
  return <SessionReviewPage sessionId={sessionId} />
}
