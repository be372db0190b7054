import { AppLink } from '#src/components/app-link.tsx'

/** The live page, offered beside each desktop build: nothing to install. */
export function BrowserCard() {
  return (
    <article
      data-browser-card
      className="flex flex-col rounded-2xl border border-indigo-200 bg-white p-6 shadow-sm dark:border-indigo-900 dark:bg-gray-900"
    >
      <h3 className="text-xl font-semibold text-gray-900 dark:text-white">Use it in your browser</h3>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Nothing to install: share the interview tab and get answers as each question ends.
      </p>
      <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
        Requires: a current Chrome or Edge (to hear a shared tab); other browsers use the microphone.
      </p>
      <div className="mt-auto">
        <AppLink
          href="/live"
          className="mt-6 inline-flex w-full items-center justify-center rounded-xl bg-brand px-5 py-3 text-sm font-semibold text-white shadow-lg shadow-brand/25 hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Open the live interview
        </AppLink>
      </div>
    </article>
  )
}
