import { PricingLinkedText } from './pricing-linked-text.tsx'

/** A failed action, in the product's words followed by the server's reason. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="mt-3 rounded-lg border border-danger-line bg-danger-subtle px-3 py-2 text-sm break-words text-danger-strong"
    >
      <span aria-hidden="true">✕ </span>
      <PricingLinkedText text={message} />
    </p>
  )
}
