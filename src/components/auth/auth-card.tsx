import type { ReactNode } from 'react'

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }

/** The centred card every sign-in, sign-up and reset screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <main className="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <section className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
          {subtitle && <div className="mt-2 text-sm text-gray-600 dark:text-gray-400">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </section>
        {footer && <div className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">{footer}</div>}
      </div>
    </main>
  )
}
