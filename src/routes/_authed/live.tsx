import { createFileRoute } from '@tanstack/react-router'
import { LivePage } from '#src/components/live/live-page.tsx'
import { RouteGuard } from '#src/components/route-guard.tsx'

export const Route = createFileRoute('/live')({
  head: () => ({ meta: [{ title: 'Live Interview | Interview Helper' }] }),
  component: () => (
    <RouteGuard>
      <LivePage />
    </RouteGuard>
  ),
})
