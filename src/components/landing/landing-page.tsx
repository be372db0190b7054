import { Hydrate } from '@tanstack/react-start'
import { visible } from '@tanstack/react-start/hydration'
import { PricingSection } from '#src/components/pricing/pricing-section.tsx'
import { ClosingCta } from './closing-cta.tsx'
import { CopilotWalkthrough } from './copilot-walkthrough.tsx'
import { Features } from './features.tsx'
import { Hero } from './hero.tsx'
import { LeavingNotice } from './leaving-notice.tsx'
import { HowItWorks } from './how-it-works.tsx'
import { ResumeContext } from './resume-context.tsx'
import { Testimonials } from './testimonials.tsx'
import { TrustedBy } from './trusted-by.tsx'
import { useHashScroll } from './use-hash-scroll.ts'
import { WhyDifferent } from './why-different.tsx'

/**
 * Below the first screen, each section keeps its server HTML and hydrates, its code fetched then,
 * as it comes within 200 px of the screen; a click on it before that hydrates it at once (decision 0064).
 */
const near = { rootMargin: '200px 0px' }

export function LandingPage() {
  useHashScroll()
  return (
    <main>
      <LeavingNotice />
      <Hero />
      <Hydrate when={visible(near)}>
        <TrustedBy />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <Features />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <CopilotWalkthrough />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <HowItWorks />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <WhyDifferent />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <ResumeContext />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <PricingSection />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <Testimonials />
      </Hydrate>
      <Hydrate when={visible(near)}>
        <ClosingCta />
      </Hydrate>
    </main>
  )
}
