import type { ReactNode } from 'react'

type Tone = 'error' | 'success' | 'info'

const tones: Record<Tone, string> = {
  error: 'border-danger-line bg-danger-subtle text-danger',
  success: 'border-success-line bg-success-subtle text-success',
  info: 'border-brand/30 bg-brand-subtle text-fg-emphasis',
}

/**
 * A message above a form. The live region is rendered even while empty: screen readers announce
 * what is put into an existing region, not a region that appears together with its text.
 */
export function FormAlert({ id, tone, children }: { id?: string; tone: Tone; children: ReactNode }) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} aria-atomic="true">
      {children ? <p className={`mb-4 rounded-lg border px-3 py-2.5 text-sm ${tones[tone]}`}>{children}</p> : null}
    </div>
  )
}
