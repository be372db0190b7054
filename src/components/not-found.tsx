import { Link } from '@tanstack/react-router'
import { timers } from '#app.catalog.ts'

const buttonBase =
  'inline-flex items-center justify-center rounded-xl px-5 py-2.5 text-sm font-semibold transition focus-ring'

/** The 404 page, fading in over 1.2 s. */
export function NotFound() {
  return (
    <main
      data-not-found
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center motion-safe:animate-[fade-in_ease-out_both]"
      style={{ animationDuration: `${timers.notFoundFadeIn}ms` }}
    >
      <svg aria-hidden="true" viewBox="0 0 160 90" className="h-24 w-auto text-brand">
        <text x="80" y="70" textAnchor="middle" fontSize="72" fontWeight="800" fill="currentColor" opacity="0.9">
          404
        </text>
      </svg>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-fg">Page Not Found</h1>
      <p className="mt-3 text-fg-muted">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.history.back()}
          className={`${buttonBase} border border-control bg-surface text-fg-emphasis hover:bg-subtle`}
        >
          Go Back
        </button>
        <Link to="/" className={`${buttonBase} bg-brand text-white hover:bg-brand/90`}>
          Go Home
        </Link>
      </div>
    </main>
  )
}
