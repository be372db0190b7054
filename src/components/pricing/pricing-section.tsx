import { useState } from 'react'
import { plans, type Plan } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { formatLongDate } from '#src/lib/dates.ts'
import { planLabel } from '#src/payments/subscription-display.ts'
import { usePlanChanges } from '#src/payments/use-plan-changes.ts'
import { usePaymentFlow } from '#src/payments/use-payment-flow.ts'
import { PaymentAgreement } from '#src/components/legal/policy-agreement.tsx'
import { PaymentSuccessOverlay, PlanChangeDialog, SandboxCheckoutDialog } from './checkout-dialogs.ts'
import { PaymentFeedback } from './payment-feedback.tsx'
import { planAction, type ConfirmStep } from './plan-action.ts'
import { useBroughtIntoView } from './use-brought-into-view.ts'
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
  const planChanges = usePlanChanges()
  const [asking, setAsking] = useState<{ plan: Plan; step: ConfirmStep } | null>(null)
  const [changeError, setChangeError] = useState<string | null>(null)
  /** What the last confirmed schedule or cancel did, said where the person will see it. */
  const [changeDone, setChangeDone] = useState<{ id: number; text: string } | null>(null)
  const changes = planChanges.changes
  const actionOf = (plan: Plan) =>
    planAction(
      plan,
      changes?.changes.find((change) => change.planType === plan.planId),
      changes,
    )
  const choose = (plan: Plan) => {
    const { confirm } = actionOf(plan)
    setChangeError(null)
    if (confirm) setAsking({ plan, step: confirm })
    else void payment.choosePlan(plan)
  }
  useContinuePayment(choose, !planChanges.quoting)
  const changing = planChanges.schedule.isPending || planChanges.cancel.isPending
  const confirmChange = async () => {
    if (!asking) return
    const { plan, step } = asking
    try {
      if (step.kind === 'pay') {
        setAsking(null)
        await payment.choosePlan(plan, step.amountDue)
        return
      }
      if (step.kind === 'schedule') await planChanges.schedule.mutateAsync({ planType: plan.planId })
      else await planChanges.cancel.mutateAsync()
      setAsking(null)
      setChangeDone({ id: Date.now(), text: step.done ?? '' })
    } catch (error) {
      setChangeError(errorMessage(error, 'The plan could not be changed. Please try again.'))
    }
  }
  const scheduledText = changes?.scheduledChange
    ? `Your plan switches to ${planLabel(changes.scheduledChange.planType)} on ${formatLongDate(changes.scheduledChange.effectiveAt)}. Nothing is charged now.`
    : ''
  const noticeRef = useBroughtIntoView<HTMLParagraphElement>(changeDone ? String(changeDone.id) : null)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const headingId = `${id}-heading`
  const disabled = payment.processing || payment.result === 'success'
  // Until the session and the quote are known a click could not tell signing in from paying, or what it buys.
  const waiting = loading || planChanges.quoting

  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <Heading id={headingId} className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Prices that makes sense!
          </Heading>
          <p className="mt-4 text-lg text-fg-muted">You pay. You win. They wonder how.</p>
        </div>
        <div className="mt-10">
          <PaymentFeedback error={payment.error} failed={payment.result === 'failure'} />
          <p
            ref={noticeRef}
            role="status"
            tabIndex={changeDone ? -1 : undefined}
            className="mx-auto mt-4 max-w-3xl scroll-mt-24 text-center text-sm font-medium text-fg-body focus:outline-none"
          >
            {scheduledText || changeDone?.text}
          </p>
        </div>
        <ul aria-label="Plans" className="mt-12 grid gap-8 md:grid-cols-3 md:gap-6 lg:gap-8">
          {plans.map((plan) => (
            <PlanCard
              key={plan.planId}
              plan={plan}
              action={actionOf(plan)}
              processing={payment.processing}
              disabled={disabled || changing}
              waiting={waiting}
              onChoose={choose}
            />
          ))}
        </ul>
        <PaymentAgreement className="mt-8 text-center" />
      </div>
      {asking && (
        <PlanChangeDialog
          step={asking.step}
          busy={changing}
          error={changeError}
          onConfirm={() => void confirmChange()}
          onClose={() => {
            setAsking(null)
            setChangeError(null)
          }}
        />
      )}
      {payment.sandbox && <SandboxCheckoutDialog key={payment.sandbox.order.id} session={payment.sandbox} />}
      {payment.result === 'success' && <PaymentSuccessOverlay />}
    </section>
  )
}
