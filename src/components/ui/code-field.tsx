import type { ComponentProps } from 'react'
import { TextField } from './text-field.tsx'

/** The 6-digit code an authenticator app shows: numeric keypad, one-time-code autofill, six digits. */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, 'autoComplete' | 'inputMode' | 'maxLength'>) {
  return <TextField {...props} autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
}
