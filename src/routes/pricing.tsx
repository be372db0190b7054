import { createFileRoute } from '@tanstack/react-router'
import { PricingSection } from '#src/components/pricing/pricing-section.tsx'

/** Where Upgrade Plan and the route guard's missing-subscription redirect lead. */
export const Route = createFileRoute('/pricing')({
  head: () => ({ meta: [{ title: 'Pricing | Interview Helper' }] }),
  component: PricingPage,
})

function PricingPage() {
  return (
    <main>
      <PricingSection headingLevel={1} />
    </main>
  )
}
