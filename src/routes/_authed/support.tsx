import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { Forbidden } from '#src/components/support/forbidden.tsx'
import { PersonTimeline } from '#src/components/support/person-timeline.tsx'
import { ProjectionStatus } from '#src/components/support/projection-status.tsx'
import { RemoveAuthenticators } from '#src/components/support/remove-authenticators.tsx'
import { UserSearch } from '#src/components/support/user-search.tsx'
import { ReplayViews } from '#src/components/support/replay-views.tsx'
import { WebhookDeliveries } from '#src/components/support/webhook-deliveries.tsx'

export const Route = createFileRoute('/_authed/support')({
  head: () => ({ meta: [{ title: 'Support Console | Interview Helper' }] }),
  component: SupportPage,
})

function SupportPage() {
  const { user } = useAuth()
  const [openUserId, setOpenUserId] = useState<string | null>(null)
  const [shownDelivery, setShownDelivery] = useState<string | null>(null)
  if (user?.role !== 'support') return <Forbidden />
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Support Console</h1>
      <p className="mt-2 text-fg-muted">
        Find a person, read their event history, and rebuild their views; see whether every view is moving, and retry
        one halted at an event it cannot apply.
      </p>
      <div className="mt-8 space-y-6">
        <UserSearch onOpen={setOpenUserId} />
        {openUserId && (
          <PersonTimeline key={`timeline-${openUserId}`} userId={openUserId} onShowDelivery={setShownDelivery} />
        )}
        {openUserId && <ReplayViews key={`replay-${openUserId}`} userId={openUserId} />}
        {openUserId && <RemoveAuthenticators key={`two-step-${openUserId}`} userId={openUserId} />}
        <WebhookDeliveries shown={shownDelivery} onShowAll={() => setShownDelivery(null)} />
        <ProjectionStatus />
      </div>
    </main>
  )
}
