import { FeatureIcon, type FeatureIconName } from './feature-icon.tsx'
import { SectionHeading } from './section-heading.tsx'

/** What the landing page claims the product does. */
const features: readonly { icon: FeatureIconName; title: string; text: string }[] = [
  {
    icon: 'screen',
    title: 'Sees what is on your screen',
    text: 'Code, slides, questions, docs and dashboards: it reads what the interviewer shares and what you are working on.',
  },
  {
    icon: 'ear',
    title: 'Hears the call, silently',
    text: 'It listens to the call audio without joining the call. No bot in the meeting, no extra participant.',
  },
  {
    icon: 'key',
    title: 'Answers on a key press',
    text: 'Press your hotkey and a structured answer appears in seconds, exactly when you need it.',
  },
  {
    icon: 'ghost',
    title: 'Undetectable',
    text: 'Its window stays out of screen shares and recordings, so only you can see it.',
  },
  {
    icon: 'moon',
    title: 'Runs quietly in the background',
    text: 'Light on memory and silent until you call it. Hide it in an instant with Ctrl+Shift+H.',
  },
  {
    icon: 'file',
    title: 'Knows your story',
    text: 'Add your resume, the role and the job description, and answers sound like you.',
  },
]

export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="features-heading" eyebrow="Features" title="Everything you need, nothing they can see">
          A desktop assistant that follows the interview with you and answers the moment you ask.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
              <FeatureIcon name={feature.icon} />
              <h3 className="mt-4 text-lg font-semibold text-fg">{feature.title}</h3>
              <p className="mt-2 text-fg-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
