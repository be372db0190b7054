import { PricingLinkedText } from './pricing-linked-text.tsx'

/** A failed action, in the product's words followed by the server's reason. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
    >
      <span aria-hidden="true">✕ </span>
      <PricingLinkedText text={message} />
    </p>
  )
}
