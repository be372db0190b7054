import type { ReactNode } from 'react'

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }

/** The centred card every sign-in, sign-up and reset screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <main className="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
          {subtitle && <div className="mt-2 text-sm text-fg-muted">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </section>
        {footer && <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div>}
      </div>
    </main>
  )
}
