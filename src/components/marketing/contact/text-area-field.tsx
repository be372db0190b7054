import { useId, type TextareaHTMLAttributes } from 'react'

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
}

export function TextAreaField({ label, value, onValueChange, className = '', ...textarea }: TextAreaFieldProps) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm focus:border-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40 sm:text-sm dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100"
        {...textarea}
      />
    </div>
  )
}
