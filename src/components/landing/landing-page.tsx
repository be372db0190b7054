import { PricingSection } from '#src/components/pricing/pricing-section.tsx'
import { ClosingCta } from './closing-cta.tsx'
import { CopilotWalkthrough } from './copilot-walkthrough.tsx'
import { Features } from './features.tsx'
import { Hero } from './hero.tsx'
import { HowItWorks } from './how-it-works.tsx'
import { ResumeContext } from './resume-context.tsx'
import { Testimonials } from './testimonials.tsx'
import { TrustedBy } from './trusted-by.tsx'
import { useHashScroll } from './use-hash-scroll.ts'
import { WhyDifferent } from './why-different.tsx'

export function LandingPage() {
  useHashScroll()
  return (
    <main>
      <Hero />
      <TrustedBy />
      <Features />
      <CopilotWalkthrough />
      <HowItWorks />
      <WhyDifferent />
      <ResumeContext />
      <PricingSection />
      <Testimonials />
      <ClosingCta />
    </main>
  )
}
