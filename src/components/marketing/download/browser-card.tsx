import { Link } from '@tanstack/react-router'

/** The live page, offered beside each desktop build: nothing to install. */
export function BrowserCard() {
  return (
    <article data-browser-card className="flex flex-col rounded-2xl border border-accent-line bg-surface p-6 shadow-sm">
      <h3 className="text-xl font-semibold text-fg">Use it in your browser</h3>
      <p className="mt-1 text-sm text-fg-muted">
        Nothing to install: share the interview tab and get answers as each question ends.
      </p>
      <p className="mt-4 text-sm text-fg-body">
        Requires: a current Chrome or Edge (to hear a shared tab); other browsers use the microphone.
      </p>
      <div className="mt-auto">
        <Link
          to="/live"
          className="mt-6 inline-flex w-full items-center justify-center rounded-xl bg-brand px-5 py-3 text-sm font-semibold text-white shadow-lg shadow-brand/25 hover:bg-brand/90 focus-ring"
        >
          Open the live interview
        </Link>
      </div>
    </article>
  )
}
