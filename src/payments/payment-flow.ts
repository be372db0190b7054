import { timers, type Plan } from '#app.catalog.ts'
import { nonEmpty } from '#src/lib/text.ts'
import type { CheckoutOutcome, Order, OrderAnswer, PaymentResult } from './checkout-types.ts'
import { paymentMessages } from './payment-messages.ts'

export type PaymentPhase =
  | 'creating-order'
  | 'loading-script'
  | 'checkout'
  | 'verifying'
  | 'awaiting-webhook'
  | 'refreshing'
  | 'succeeded'
  | 'failed'

export type PaymentAnalytics =
  | { kind: 'checkout-start'; plan: Plan }
  | { kind: 'checkout-success'; plan: Plan; order: Order }
  | { kind: 'checkout-failure'; plan: Plan; reason: FailureReason; error: string }

type FailureReason = 'order' | 'script' | 'init' | 'declined' | 'dismissed' | 'account-update'

/** Everything the flow does to the outside world, so each path can be tested without a browser. */
export type PaymentPorts = {
  createOrder(plan: Plan): Promise<OrderAnswer>
  loadCheckoutScript(): Promise<boolean>
  openCheckout(order: Order): Promise<CheckoutOutcome>
  verifyPayment(result: PaymentResult): Promise<unknown>
  refreshSubscription(): Promise<void>
  wait(ms: number): Promise<void>
  /** Tells the server the person closed the checkout of this order unpaid. */
  abandonOrder(order: Order): Promise<void>
  /** Shows the success animation (and schedules the way out). */
  celebrate(): void
  track(event: PaymentAnalytics): void
  log(message: string, error: unknown): void
  onPhase?(phase: PaymentPhase): void
}

export type PaymentOutcome =
  { status: 'succeeded'; order: Order } | { status: 'failed'; reason: FailureReason; error: string }

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback

/**
 * A purchase by a signed-in user: order, checkout, verification, the webhook
 * wait and the subscription refresh. It never throws; every path ends in an outcome.
 */
export async function runPayment(ports: PaymentPorts, plan: Plan): Promise<PaymentOutcome> {
  const fail = (reason: FailureReason, error: string): PaymentOutcome => {
    ports.onPhase?.('failed')
    ports.track({ kind: 'checkout-failure', plan, reason, error })
    return { status: 'failed', reason, error }
  }
  ports.track({ kind: 'checkout-start', plan })

  ports.onPhase?.('creating-order')
  let order: Order
  try {
    const answer = await ports.createOrder(plan)
    if (!answer.success || !answer.data)
      return fail('order', nonEmpty(answer.error) ?? paymentMessages.orderInvalidResponse)
    order = answer.data
  } catch (error) {
    return fail('order', messageOf(error, paymentMessages.orderInvalidResponse))
  }

  // The sandbox checkout is a dialog of this app: Razorpay's script is needed only for real orders.
  if (!order.testMode) {
    ports.onPhase?.('loading-script')
    const loaded = await ports.loadCheckoutScript().catch(() => false)
    if (!loaded) return fail('script', paymentMessages.scriptLoadFailed)
  }

  ports.onPhase?.('checkout')
  let outcome: CheckoutOutcome
  try {
    outcome = await ports.openCheckout(order)
  } catch (error) {
    return fail('init', messageOf(error, paymentMessages.initFailed))
  }
  if (outcome.type === 'dismissed') {
    // The billing history shows the order abandoned at once; without this, its window's expiry closes it.
    await ports.abandonOrder(order).catch((error: unknown) => {
      ports.log('Marking the closed checkout abandoned failed', error)
    })
    return fail('dismissed', paymentMessages.cancelledByUser)
  }
  if (outcome.type === 'failed') return fail('declined', nonEmpty(outcome.description) ?? paymentMessages.paymentFailed)

  ports.track({ kind: 'checkout-success', plan, order })
  try {
    ports.onPhase?.('verifying')
    try {
      await ports.verifyPayment(outcome.result)
    } catch (error) {
      // The webhook is expected to activate the plan when verification does not.
      ports.log('Payment verification failed; waiting for the webhook', error)
    }
    ports.onPhase?.('awaiting-webhook')
    await ports.wait(timers.webhookWait)
    ports.onPhase?.('refreshing')
    try {
      await ports.refreshSubscription()
    } catch (error) {
      ports.log('Refreshing the subscription after payment failed', error)
    }
    ports.celebrate()
    ports.onPhase?.('succeeded')
    return { status: 'succeeded', order }
  } catch (error) {
    ports.log('Updating the account after a successful payment failed', error)
    ports.onPhase?.('failed')
    return { status: 'failed', reason: 'account-update', error: paymentMessages.accountUpdateFailed }
  }
}
