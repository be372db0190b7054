import { createFileRoute } from '@tanstack/react-router'
import { ProgressPage } from '#src/components/interview/progress/progress-page.tsx'

export const Route = createFileRoute('/_authed/progress')({
  head: () => ({ meta: [{ title: 'Your Progress | Interview Helper' }] }),
  component: ProgressPage,
})
