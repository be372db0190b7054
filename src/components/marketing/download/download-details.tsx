import { FeatureIcon, type FeatureIconName } from '#src/components/landing/feature-icon.tsx'
import { formatFileSize } from '#src/lib/file-size.ts'
import { systemRequirements } from './platforms.ts'

type Benefit = { icon: FeatureIconName; title: string; text: string }

const benefits = (windowsSize: number | null): readonly Benefit[] => [
  {
    icon: 'chat',
    title: 'Real-time answers',
    text: 'Structured answers to technical and behavioural questions while the interview runs.',
  },
  { icon: 'screen', title: 'Screen understanding', text: 'Reads code, slides and questions shared on screen.' },
  {
    icon: 'ear',
    title: 'Call audio',
    text: 'Hears the interviewer through your computer audio, without joining the call.',
  },
  {
    icon: 'ghost',
    title: 'Stays hidden',
    text: 'Its window stays out of screen shares; Ctrl+Shift+H hides it at once.',
  },
  { icon: 'file', title: 'Your context', text: 'Resume, role and job description make every answer yours.' },
  {
    icon: 'bolt',
    title: 'Light and portable',
    text: `${windowsSize === null ? 'A portable zip' : `A ${formatFileSize(windowsSize)} zip`}: no installer, no admin rights, nothing left behind.`,
  },
]

export function WhatYouGet({ windowsSize }: { windowsSize: number | null }) {
  return (
    <section aria-labelledby="what-heading" className="bg-band px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="what-heading" className="text-center text-3xl font-bold tracking-tight text-fg">
          What You Get
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits(windowsSize).map((benefit) => (
            <li key={benefit.title} className="rounded-2xl border border-line p-6">
              <FeatureIcon name={benefit.icon} />
              <h3 className="mt-4 font-semibold text-fg">{benefit.title}</h3>
              <p className="mt-1 text-fg-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export function SystemRequirements() {
  return (
    <section aria-labelledby="requirements-heading" className="px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-3xl">
        <h2 id="requirements-heading" className="text-center text-3xl font-bold tracking-tight text-fg">
          System Requirements
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-2">
          {systemRequirements.map((requirement) => (
            <div key={requirement.label} className="rounded-xl border border-line bg-surface p-4">
              <dt className="text-sm font-medium text-fg-muted">{requirement.label}</dt>
              <dd className="mt-1 font-semibold text-fg">{requirement.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
