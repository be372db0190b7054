import { useId, useState } from 'react'
import { whereToUse } from '#rules/where-to-use.ts'
import { faqItems } from './faq-items.ts'

/** A single accordion: opening one question closes the others, and the open one can be closed again. */
export function InstallFaq({
  supportEmail,
  desktopPublished,
}: {
  supportEmail: string | null
  desktopPublished: boolean
}) {
  // The eight questions stay eight: what can be used today is told where the systems are.
  const items = faqItems.map((item, index) =>
    index === 0 ? { ...item, answer: `${item.answer} ${whereToUse(desktopPublished)}` } : item,
  )
  const [open, setOpen] = useState<number | null>(null)
  const baseId = useId()
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-3xl">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-fg">
          Installation FAQ
        </h2>
        <div data-faq className="mt-10 divide-y divide-line rounded-2xl border border-line bg-surface">
          {items.map((item, index) => {
            const expanded = open === index
            const buttonId = `${baseId}-q${index}`
            const panelId = `${baseId}-a${index}`
            return (
              <div key={item.question}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-fg hover:bg-subtle focus-ring-inset"
                  >
                    {item.question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      className={`size-5 shrink-0 transition ${expanded ? 'rotate-180' : ''}`}
                      fill="currentColor"
                    >
                      <path d="M5.3 7.3L10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7z" />
                    </svg>
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!expanded}
                  className="px-5 pb-5 text-fg-muted"
                >
                  {item.answer}
                </div>
              </div>
            )
          })}
        </div>
        <div className="mt-10 text-center">
          <a
            href={`mailto:${supportEmail ?? ''}?subject=${encodeURIComponent('Help installing Interview Helper')}`}
            className="inline-flex items-center justify-center rounded-xl border border-control bg-surface px-5 py-3 text-sm font-semibold text-fg hover:bg-subtle focus-ring"
          >
            Still stuck? Talk to us
          </a>
        </div>
      </div>
    </section>
  )
}
