import { ContextDiagram } from './context-diagram.tsx'
import { SectionHeading } from './section-heading.tsx'

const steps: readonly { title: string; text: string }[] = [
  {
    title: 'Download and unzip',
    text: 'Get the portable app for Windows 10 or 11, extract the zip and run the exe. No installer, no admin rights.',
  },
  {
    title: 'Add your context',
    text: 'Tell it the role, paste the job description and add your resume, so answers match your experience.',
  },
  {
    title: 'Start the interview',
    text: 'Pick voice or text mode. When a question comes, press the hotkey and glance at the answer.',
  },
]

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="how-heading" eyebrow="How it works" title="Ready in three steps">
          From download to your first answer in a few minutes.
        </SectionHeading>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-line bg-surface p-6">
              <span className="text-sm font-bold text-accent">Step {index + 1}</span>
              <h3 className="mt-2 text-lg font-semibold text-fg">{step.title}</h3>
              <p className="mt-2 text-fg-muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-16">
          <ContextDiagram />
        </div>
      </div>
    </section>
  )
}
