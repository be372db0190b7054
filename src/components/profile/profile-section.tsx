import type { ReactNode } from 'react'

export function ProfileSection({
  id,
  title,
  description,
  children,
  tone = 'normal',
}: {
  id: string
  title: string
  description: ReactNode
  children: ReactNode
  tone?: 'normal' | 'danger'
}) {
  const border = tone === 'danger' ? 'border-danger-line' : 'border-line'
  return (
    <section aria-labelledby={id} className={`rounded-2xl border bg-surface p-6 shadow-sm ${border}`}>
      <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-danger-heading' : 'text-fg'}`}>
        {title}
      </h2>
      <div className="mt-1 text-sm text-fg-muted">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  )
}
