import { CtaLink } from '#src/components/marketing/cta-link.tsx'

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand px-6 py-14 text-center shadow-xl sm:px-12">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Your next interview could be your easiest one
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-white">
          Download the app, add your resume and walk in prepared. It takes five minutes.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <CtaLink buttonId="closing_start_now" variant="light">
            Start Now
          </CtaLink>
          <CtaLink
            buttonId="closing_signup"
            variant="secondary"
            className="!border-white/40 !bg-transparent !text-white hover:!bg-white/10"
          >
            Sign up Now!
          </CtaLink>
        </div>
      </div>
    </section>
  )
}
