import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '#src/components/landing/landing-page.tsx'

export const Route = createFileRoute('/')({
  component: LandingPage,
})
