import { checkout } from '#app.catalog.ts'
import type { CheckoutOutcome, Order, PaymentResult, Prefill } from './checkout-types.ts'

/** The part of Razorpay's Checkout.js options the app uses. */
type RazorpayOptions = {
  key: string
  amount: number
  currency: string
  name: string
  description: string
  order_id: string
  prefill: Prefill
  notes: Record<string, string>
  theme: { color: string }
  handler: (result: PaymentResult) => void
  modal: { ondismiss: () => void }
}

type RazorpayFailure = { error?: { description?: string } }

type RazorpayInstance = {
  open(): void
  close(): void
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void
}

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into the DOM's Window
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance
  }
}

export type CheckoutFields = Omit<RazorpayOptions, 'handler' | 'modal'>

/** The modal's fields for an order, with the product's name and colour. */
export function checkoutFields(order: Order, prefill: Prefill): CheckoutFields {
  return {
    key: order.keyId,
    amount: order.amount,
    currency: order.currency,
    name: checkout.name,
    description: order.description,
    order_id: order.id,
    prefill,
    notes: order.notes,
    theme: { color: checkout.themeColor },
  }
}

/** Opens Razorpay's modal (Checkout.js must be loaded) and settles with the first way it ends. */
export function openRazorpayCheckout(fields: CheckoutFields): Promise<CheckoutOutcome> {
  const Razorpay = window.Razorpay
  if (!Razorpay) return Promise.reject(new Error('Razorpay is not available'))
  return new Promise<CheckoutOutcome>((resolve) => {
    const instance = new Razorpay({
      ...fields,
      handler: (result) => resolve({ type: 'paid', result }),
      modal: { ondismiss: () => resolve({ type: 'dismissed' }) },
    })
    instance.on('payment.failed', (response) => {
      resolve({ type: 'failed', description: response.error?.description })
      // The modal would otherwise stay open offering a retry that this flow no longer listens to.
      instance.close()
    })
    instance.open()
  })
}

/** Checkout's prefill: full name, e-mail, and the phone as contact when the user has one. */
export function checkoutPrefill(user: {
  firstName: string
  lastName: string
  email: string
  phone: string | null
}): Prefill {
  const name = `${user.firstName} ${user.lastName}`.trim()
  return user.phone ? { name, email: user.email, contact: user.phone } : { name, email: user.email }
}
