import type { ReactNode } from 'react'

/** A card: a titled region of a page. */
export function Card({
  id,
  title,
  action,
  children,
  className = '',
}: {
  id: string
  title: string
  action?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-line bg-surface p-6 shadow-sm ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}
