import type { ReactNode } from 'react'
import { Spinner } from '#src/components/spinner.tsx'

type Status = 'loading' | 'success' | 'error'

const icons: Record<Exclude<Status, 'loading'>, { path: string; tone: string }> = {
  success: { path: 'M5 13l4 4L19 7', tone: 'bg-success-soft text-success-vivid' },
  error: { path: 'M6 6l12 12M18 6L6 18', tone: 'bg-danger-soft text-danger-vivid' },
}

/** A one-message screen (e-mail confirmation, Google callback, password updated) announced as it changes. */
export function StatusView({ status, title, children }: { status: Status; title: string; children?: ReactNode }) {
  return (
    <main className="flex justify-center px-4 py-16">
      <section
        aria-live="polite"
        className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm"
      >
        {status === 'loading' ? (
          <Spinner label={title} className="mb-4" />
        ) : (
          <div className={`mx-auto mb-4 flex size-12 items-center justify-center rounded-full ${icons[status].tone}`}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={icons[status].path} />
            </svg>
          </div>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {children && <div className="mt-3 text-sm text-fg-muted">{children}</div>}
      </section>
    </main>
  )
}
