import { SectionHeading } from './section-heading.tsx'
import { WalkthroughAnimation } from './walkthrough-animation.tsx'

/** The product's copy gives step 1 word for word; the others follow the same "Title: description" form. */
const walkthroughSteps: readonly { title: string; text: string }[] = [
  { title: 'Launch the App', text: 'Runs quietly in the background, ready when you are' },
  {
    title: 'Join Your Interview',
    text: 'Use Zoom, Google Meet or Teams as usual; it hears the call without joining it',
  },
  { title: 'Press Your Hotkey', text: 'It reads the question on your screen and what the interviewer just asked' },
  { title: 'Answer With Confidence', text: 'A clear, structured answer appears in a window only you can see' },
]

export function CopilotWalkthrough() {
  return (
    <section aria-labelledby="copilot-heading" className="bg-band px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="copilot-heading" eyebrow="See it work" title="Your Invisible Interview Copilot" />
        <div className="mt-12 grid items-center gap-10 lg:grid-cols-2">
          <WalkthroughAnimation />
          <ol className="space-y-5">
            {walkthroughSteps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <p className="pt-1 text-fg-body">
                  <strong className="font-semibold text-fg">{step.title}:</strong> {step.text}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  )
}
