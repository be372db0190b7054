import { CtaLink } from '#src/components/marketing/cta-link.tsx'
import { HeroScreenshot } from './hero-screenshot.tsx'

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:pb-24"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-3xl rounded-full bg-brand/20 blur-3xl dark:bg-brand/25"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <p className="inline-flex rounded-full border border-brand/30 bg-brand/10 px-3 py-1 text-sm font-medium text-accent">
            Desktop AI interview assistant for Windows
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-extrabold tracking-tight text-fg sm:text-5xl lg:text-6xl">
            Crush Interviews. No Sweat.
          </h1>
          <p className="mt-6 text-lg text-fg-secondary sm:text-xl">
            Your real-time AI wingman for video interviews. It will listen, think, and respond—so you can focus on being
            you.
          </p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <CtaLink buttonId="hero_signup">Get Instant Access – Sign Up Now!</CtaLink>
          </div>
          <p className="mt-4 text-sm text-fg-muted">Free to download. Plans from ₹99 a month.</p>
        </div>
        <div className="mx-auto w-full max-w-xl lg:max-w-none">
          <HeroScreenshot />
        </div>
      </div>
    </section>
  )
}
