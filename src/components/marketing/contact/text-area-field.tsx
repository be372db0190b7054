import { useId, type TextareaHTMLAttributes } from 'react'
import { useTypedBeforeHydration } from '#src/components/ui/use-typed-before-hydration.ts'

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
  invalid?: boolean
  /** The id of the form's error message, announced with the field when it is invalid. */
  errorId?: string
}

export function TextAreaField({
  label,
  value,
  onValueChange,
  invalid = false,
  errorId,
  className = '',
  ...textarea
}: TextAreaFieldProps) {
  const id = useId()
  const typed = useTypedBeforeHydration<HTMLTextAreaElement>(value, onValueChange)
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-fg-body">
        {label}
      </label>
      <textarea
        ref={typed}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`mt-1 block w-full rounded-lg border bg-canvas px-3 py-2.5 text-base text-fg-value shadow-sm focus-field sm:text-sm ${
          invalid ? 'border-invalid' : 'border-control'
        }`}
        {...textarea}
      />
    </div>
  )
}
