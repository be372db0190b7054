import { Link } from '@tanstack/react-router'
import { Card } from '#src/components/ui/card.tsx'
import { WhereToUseNote } from './where-to-use-note.tsx'
import { desktopGuideSteps, desktopShortcuts, joinKeys, type GuideStep } from './desktop-guide-steps.ts'

const kbd = 'rounded border border-control bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg-emphasis'

/** The 5-step desktop app guide. */
export function DesktopGuide() {
  return (
    <Card id="desktop-guide-heading" title="Get started with the desktop app">
      <WhereToUseNote />
      <ol className="space-y-5">
        {desktopGuideSteps.map((step, index) => (
          <GuideStepItem key={step.title} step={step} number={index + 1} />
        ))}
      </ol>
    </Card>
  )
}

function GuideStepItem({ step, number }: { step: GuideStep; number: number }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-bold text-accent"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-fg">
          <span className="sr-only">Step {number}: </span>
          {step.title}
          {step.badges?.map((badge) => (
            <span key={badge} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-fg-body">
              {badge}
            </span>
          ))}
        </h3>
        <p className="mt-1 text-sm text-fg-muted">{step.text}</p>
        {step.link && (
          <Link
            to={step.link.to}
            hash={step.link.hash}
            className="mt-2 inline-block text-sm font-semibold text-accent hover:underline focus-ring"
          >
            {step.link.label}
          </Link>
        )}
        {step.shortcuts && <ShortcutList />}
      </div>
    </li>
  )
}

function ShortcutList() {
  return (
    <ul aria-label="Keyboard shortcuts" className="mt-2 space-y-1.5 text-sm text-fg-body">
      {desktopShortcuts.map((shortcut) => (
        <li key={shortcut.action}>
          {joinKeys(shortcut.keys).map((part, index) =>
            index % 2 === 0 ? (
              <kbd key={index} className={kbd}>
                {part}
              </kbd>
            ) : (
              part
            ),
          )}{' '}
          {shortcut.action}
        </li>
      ))}
    </ul>
  )
}
