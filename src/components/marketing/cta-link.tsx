import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { track } from '#src/analytics/analytics.ts'
import { useSignUpTarget } from './use-sign-up-target.ts'

const variants = {
  primary: 'bg-brand text-white shadow-lg shadow-brand/25 hover:bg-brand/90',
  secondary: 'border border-control bg-surface text-fg hover:bg-subtle',
  light: 'bg-white text-indigo-700 shadow-lg hover:bg-gray-100',
} as const

/** A sign-up call to action: records cta_click with its button id and a CTA conversion, then signs up (or opens the dashboard). */
export function CtaLink({
  buttonId,
  variant = 'primary',
  children,
  className = '',
}: {
  buttonId: string
  variant?: keyof typeof variants
  children: ReactNode
  className?: string
}) {
  const target = useSignUpTarget()
  const onClick = () => {
    track('cta_click', 'User Interaction', { button_id: buttonId, destination: target })
    track('conversion', 'Conversion', { conversion_type: 'CTA', button_id: buttonId })
  }
  return (
    <Link
      to={target}
      onClick={onClick}
      data-cta={buttonId}
      className={`inline-flex items-center justify-center rounded-xl px-6 py-3 text-base font-semibold transition focus-ring ${variants[variant]} ${className}`}
    >
      {children}
    </Link>
  )
}
