import { createFileRoute } from '@tanstack/react-router'
import { LivePage } from '#src/components/live/live-page.tsx'

export const Route = createFileRoute('/_authed/live')({
  head: () => ({ meta: [{ title: 'Live Interview | Interview Helper' }] }),
  component: LivePage,
})
