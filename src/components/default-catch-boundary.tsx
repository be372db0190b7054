import type { ErrorComponentProps } from '@tanstack/react-router'

/**
 * The router failure page, worded like the router's default error page. A plain link home,
 * not the router's: after a render failure a full page load is the dependable way out.
 */
export function DefaultCatchBoundary({ error }: ErrorComponentProps) {
  const message = error instanceof Error ? error.message : String(error)
  return (
    <main role="alert" className="mx-auto max-w-xl px-4 py-20">
      <h1 className="text-2xl font-bold text-fg">Unexpected Application Error!</h1>
      {message && (
        <pre className="mt-4 overflow-x-auto rounded-lg border border-danger-line bg-danger-subtle p-4 text-sm whitespace-pre-wrap text-danger-strong">
          {message}
        </pre>
      )}
      <a
        href="/"
        className="mt-6 inline-flex rounded-xl bg-brand px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand/90 focus-ring"
      >
        Go Home
      </a>
    </main>
  )
}
