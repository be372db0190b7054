import type { ReactNode } from 'react'

type ButtonProps = {
  busy?: boolean
  busyLabel?: string
  children: ReactNode
  type?: 'submit' | 'button'
  onClick?: () => void
  disabled?: boolean
}

const focus = 'focus-ring'

export function SubmitButton({
  busy = false,
  busyLabel,
  children,
  type = 'submit',
  onClick,
  disabled = false,
}: ButtonProps) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={`flex w-full items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand/90 disabled:cursor-not-allowed disabled:opacity-60 ${focus}`}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
        />
      )}
      {busy && busyLabel ? busyLabel : children}
    </button>
  )
}

export function SecondaryButton({
  children,
  onClick,
  disabled = false,
}: {
  children: ReactNode
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`flex w-full items-center justify-center gap-2 rounded-lg border border-control bg-surface px-4 py-2.5 text-sm font-semibold text-fg-control shadow-sm transition hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-60 ${focus}`}
    >
      {children}
    </button>
  )
}
