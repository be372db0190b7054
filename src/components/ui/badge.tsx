import type { HTMLAttributes, ReactNode } from 'react'

const tones = {
  green: 'bg-success-soft text-success ring-green-600/20 dark:ring-green-400/30',
  red: 'bg-danger-soft text-danger-pill ring-red-600/20 dark:ring-red-400/30',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-400/30',
  yellow:
    'bg-yellow-100 text-yellow-800 ring-yellow-600/20 dark:bg-yellow-950 dark:text-yellow-200 dark:ring-yellow-400/30',
  gray: 'bg-muted text-fg-body ring-gray-500/20 dark:ring-gray-400/30',
  indigo: 'bg-accent-soft text-indigo-800 ring-indigo-600/20 dark:text-indigo-200 dark:ring-indigo-400/30',
} as const

export type BadgeTone = keyof typeof tones

/** A short status word in a pill, coloured by its tone. */
export function Badge({
  tone,
  children,
  ...rest
}: { tone: BadgeTone; children: ReactNode } & Omit<HTMLAttributes<HTMLSpanElement>, 'className'>) {
  return (
    <span
      {...rest}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  )
}
