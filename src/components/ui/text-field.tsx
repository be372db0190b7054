import { useId, useState, type InputHTMLAttributes } from 'react'
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
  invalid?: boolean
  /** The id of the form's error message, announced with the field when it is invalid. */
  errorId?: string
}

export function TextField({
  label,
  value,
  onValueChange,
  invalid = false,
  errorId,
  className = '',
  type,
  ...input
}: TextFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const typed = useTypedBeforeHydration<HTMLInputElement>(value, onValueChange)
  const password = type === 'password'
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-fg-body">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={typed}
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={`block w-full rounded-lg border bg-canvas py-2.5 pl-3 text-base text-fg-value shadow-sm placeholder:text-fg-placeholder focus-field sm:text-sm ${
            password ? 'pr-11' : 'pr-3'
          } ${invalid ? 'border-invalid' : 'border-control'}`}
          {...input}
          type={password && revealed ? 'text' : type}
        />
        {password && <RevealToggle controls={id} revealed={revealed} onToggle={() => setRevealed((on) => !on)} />}
      </div>
    </div>
  )
}

/** One name, pressed or not: screen readers announce the state, so the label need not change. */
function RevealToggle({ controls, revealed, onToggle }: { controls: string; revealed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-label="Show password"
      aria-pressed={revealed}
      aria-controls={controls}
      onClick={onToggle}
      className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-fg-muted hover:text-fg-emphasis focus-ring-inset"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {revealed && <path d="M4 4l16 16" />}
      </svg>
    </button>
  )
}
