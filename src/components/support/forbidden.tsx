import { Link } from '@tanstack/react-router'

/** What someone without the support role sees on /support. */
export function Forbidden() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-accent">403</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg">Support staff only</h1>
      <p className="mt-3 text-fg-muted">
        This page is for the support team, and your account does not have that role. If you need help, write to us.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to="/dashboard"
          className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand/90 focus-ring"
        >
          Go to Dashboard
        </Link>
        <Link
          to="/contact"
          className="rounded-lg border border-control px-4 py-2 text-sm font-semibold text-fg-control hover:bg-subtle focus-ring"
        >
          Contact support
        </Link>
      </div>
    </main>
  )
}
