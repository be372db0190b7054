import type { ReactNode } from 'react'

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string
  eyebrow?: string
  title: string
  children?: ReactNode
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-fg-muted">{children}</p>}
    </div>
  )
}
