import { useRef, useState } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog } from '#src/components/ui/dialog.tsx'
import { formatPaise } from '#src/lib/money.ts'
import { useTRPCClient } from '#src/trpc/react.ts'
import type { CheckoutOutcome } from './checkout-types.ts'
import { paymentMessages } from './payment-messages.ts'
import type { SandboxSession } from './use-payment-flow.ts'
import { PaymentAgreement } from '#src/components/legal/policy-agreement.tsx'

const sandboxTestModeLabel = 'TEST MODE — no real money'

/**
 * Stands in for Razorpay's modal when the server has no Razorpay keys (the order's testMode):
 * pay and decline ask the server's sandbox gateway, which also sends the webhook Razorpay would.
 */
export function SandboxCheckoutDialog({ session }: { session: SandboxSession }) {
  const client = useTRPCClient()
  const payRef = useRef<HTMLButtonElement>(null)
  const settled = useRef(false)
  const [busy, setBusy] = useState(false)
  const { order, plan, prefill } = session
  const amount = formatPaise(order.amount)
  const settle = (outcome: CheckoutOutcome) => {
    if (settled.current) return
    settled.current = true
    session.settle(outcome)
  }

  const complete = async (outcome: 'success' | 'failure') => {
    setBusy(true)
    try {
      const answer = await client.payments.completeSandboxCheckout.mutate({ orderId: order.id, outcome })
      settle(
        answer.outcome === 'success'
          ? { type: 'paid', result: answer.result }
          : { type: 'failed', description: answer.error.description },
      )
    } catch (error) {
      settle({ type: 'failed', description: errorMessage(error, paymentMessages.paymentFailed) })
    }
  }

  const dismiss = () => settle({ type: 'dismissed' })

  return (
    <Dialog
      onClose={dismiss}
      dismissible={!busy}
      labelledBy="sandbox-checkout-title"
      describedBy="sandbox-checkout-mode"
      initialFocus={payRef}
      className="max-w-md"
    >
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div>
          <p
            id="sandbox-checkout-mode"
            className="inline-flex rounded-md bg-warning-soft px-2 py-1 text-xs font-bold tracking-wide text-warning ring-1 ring-amber-600/30"
          >
            {sandboxTestModeLabel}
          </p>
          <h2 id="sandbox-checkout-title" className="mt-2 text-lg font-semibold">
            Interview Helper checkout
          </h2>
        </div>
        <button
          type="button"
          onClick={dismiss}
          disabled={busy}
          aria-label="Close"
          className="focus-ring rounded-md p-1.5 text-fg-muted hover:bg-muted hover:text-fg disabled:opacity-50"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
      </div>
      <div className="px-5 py-4">
        <p className="text-sm text-fg-muted">{order.description}</p>
        <dl className="mt-4 divide-y divide-line text-sm">
          <Row label="Plan" value={plan.name} />
          <Row label="Amount" value={order.amount === plan.amount ? `${amount} / month` : `${amount} today`} />
          <Row label="Name" value={prefill.name} />
          <Row label="Email" value={prefill.email} />
        </dl>
        <p className="mt-4 text-xs text-fg-muted">
          The server has no Razorpay keys, so this order belongs to the sandbox gateway: paying or declining here
          behaves like a card that is accepted or declined.
        </p>
        <PaymentAgreement newTab className="mt-3" />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void complete('failure')} disabled={busy}>
          Decline payment
        </Button>
        <Button
          variant="primary"
          ref={payRef}
          onClick={() => void complete('success')}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Pay {amount}
        </Button>
      </div>
    </Dialog>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="font-medium break-all text-right">{value}</dd>
    </div>
  )
}
