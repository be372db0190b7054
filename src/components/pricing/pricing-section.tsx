import { plans } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { SandboxCheckoutDialog } from '#src/payments/sandbox-checkout-dialog.tsx'
import { usePaymentFlow } from '#src/payments/use-payment-flow.ts'
import { PaymentFeedback } from './payment-feedback.tsx'
import { PaymentSuccessOverlay } from './payment-success-overlay.tsx'
import { PlanCard } from './plan-card.tsx'
import { useContinuePayment } from './use-continue-payment.ts'

type PricingSectionProps = {
  /** The in-page anchor (#pricing on the landing page). */
  id?: string
  /** 1 when the section is the page (/pricing), 2 inside the landing page. */
  headingLevel?: 1 | 2
}

/** The pricing section: the three plans and the whole purchase, self-contained. */
export function PricingSection({ id = 'pricing', headingLevel = 2 }: PricingSectionProps) {
  const { loading } = useAuth()
  const payment = usePaymentFlow()
  useContinuePayment(payment.choosePlan)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const headingId = `${id}-heading`
  // Until the session is known a click could not tell signing in from paying.
  const disabled = loading || payment.processing || payment.result === 'success'

  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <Heading
            id={headingId}
            className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white"
          >
            Prices that makes sense!
          </Heading>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-400">You pay. You win. They wonder how.</p>
        </div>
        <div className="mt-10">
          <PaymentFeedback error={payment.error} failed={payment.result === 'failure'} />
        </div>
        <ul aria-label="Plans" className="mt-12 grid gap-8 md:grid-cols-3 md:gap-6 lg:gap-8">
          {plans.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              processing={payment.processing}
              disabled={disabled}
              onChoose={(chosen) => void payment.choosePlan(chosen)}
            />
          ))}
        </ul>
      </div>
      {payment.sandbox && <SandboxCheckoutDialog key={payment.sandbox.order.id} session={payment.sandbox} />}
      {payment.result === 'success' && <PaymentSuccessOverlay />}
    </section>
  )
}
