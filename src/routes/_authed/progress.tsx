import { createFileRoute } from '@tanstack/react-router'
import { ProgressPage } from '#src/components/interview/progress/progress-page.tsx'
import { RouteGuard } from '#src/components/route-guard.tsx'

export const Route = createFileRoute('/progress')({
  head: () => ({ meta: [{ title: 'Your Progress | Interview Helper' }] }),
  component: () => (
    <RouteGuard>
      <ProgressPage />
    </RouteGuard>
  ),
})
