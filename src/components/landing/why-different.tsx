import { FeatureIcon, type FeatureIconName } from './feature-icon.tsx'
import { SectionHeading } from './section-heading.tsx'

const reasons: readonly { icon: FeatureIconName; title: string; text: string }[] = [
  {
    icon: 'ghost',
    title: 'Invisible by design',
    text: 'A desktop app, not a browser tab or a meeting bot: nothing shows up in the call.',
  },
  {
    icon: 'bolt',
    title: 'Real time, not afterwards',
    text: 'Answers arrive while the question is still on the table, not in a summary after the call.',
  },
  {
    icon: 'target',
    title: 'Tuned to the role',
    text: 'Your resume and the job description shape every answer, so it sounds like you.',
  },
  {
    icon: 'globe',
    title: 'Works with any call app',
    text: 'Zoom, Google Meet, Microsoft Teams or anything else that plays audio on your computer.',
  },
  {
    icon: 'shield',
    title: 'Your data stays yours',
    text: 'Your context is used to answer your questions and for nothing else.',
  },
  { icon: 'rupee', title: 'Priced for candidates', text: 'Monthly plans in rupees from ₹99, with no long contract.' },
]

export function WhyDifferent() {
  return (
    <section aria-labelledby="why-heading" className="bg-band px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="why-heading" eyebrow="Why us" title="Why We're Different" />
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason.title} className="flex gap-4">
              <FeatureIcon name={reason.icon} />
              <div>
                <h3 className="font-semibold text-fg">{reason.title}</h3>
                <p className="mt-1 text-fg-muted">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
