import type { ComponentProps } from 'react'
import { dangerButton, primaryButton, secondaryButton } from './form-styles.ts'

const variants = { primary: primaryButton, secondary: secondaryButton, danger: dangerButton } as const

/** The app's button: a variant's look and the one focus style; `type` is 'button' unless given. */
export function Button({
  variant,
  type = 'button',
  className = '',
  ...rest
}: { variant: keyof typeof variants } & ComponentProps<'button'>) {
  return <button type={type} className={`${variants[variant]} ${className}`.trim()} {...rest} />
}
