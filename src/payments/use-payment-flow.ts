import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { timers, type Plan, type PlanId } from '#app.catalog.ts'
import { track } from '#src/analytics/index.ts'
import { useAuth, type AuthContextValue } from '#src/auth/auth-context.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { useRedirectAfter } from '#src/auth/use-redirect-after.ts'
import { useTRPC, useTRPCClient } from '#src/trpc/react.ts'
import type { CheckoutOutcome, Order, Prefill } from './checkout-types.ts'
import type { PaymentPorts } from './payment-flow.ts'
import { paymentMessages } from './payment-messages.ts'

type PaymentResultView = 'success' | 'failure' | null

export type PaymentView = {
  /** True from the click until the flow ends, whichever way. */
  processing: boolean
  /** The plan being bought, while processing. */
  planId: PlanId | null
  error: string | null
  /** Which animation to show. */
  result: PaymentResultView
}

/** A TEST MODE order waiting for the user in the local checkout dialog. */
export type SandboxSession = { order: Order; plan: Plan; prefill: Prefill; settle: (outcome: CheckoutOutcome) => void }

const idle: PaymentView = { processing: false, planId: null, error: null, result: null }

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The state a pricing section needs, and `choosePlan` for its buttons. */
export function usePaymentFlow() {
  const auth = useAuth()
  const router = useRouter()
  const client = useTRPCClient()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [view, setView] = useState<PaymentView>(idle)
  const [sandbox, setSandbox] = useState<SandboxSession | null>(null)
  const running = useRef(false)
  // The flow outlives renders: it must read the user and refreshUser of now, not of the click.
  const authRef = useRef<AuthContextValue>(auth)
  useEffect(() => {
    authRef.current = auth
  })

  useRedirectAfter(view.result === 'success' ? '/dashboard' : null, timers.redirectAfterPaymentSuccess)

  const choosePlan = useCallback(
    async (plan: Plan, expectedAmount?: number) => {
      const user = authRef.current.user
      if (!user) {
        await router.navigate({
          href: '/login',
          state: { from: router.state.location.href, planType: plan.planId, message: uiMessages.purchaseSignIn },
        })
        return
      }
      if (running.current) return
      running.current = true
      setView({ processing: true, planId: plan.planId, error: null, result: null })

      let code: typeof import('./checkout-code.ts')
      try {
        code = await import('./checkout-code.ts')
      } catch (error) {
        running.current = false
        console.warn('The checkout code did not load', error)
        setView({ processing: false, planId: null, error: paymentMessages.initFailed, result: 'failure' })
        return
      }
      const {
        checkoutFields,
        checkoutPrefill,
        loadCheckoutScript,
        openRazorpayCheckout,
        paymentAnalyticsEvents,
        runPayment,
      } = code
      const prefill = checkoutPrefill(user)
      const ports: PaymentPorts = {
        createOrder: async (chosen) => ({
          success: true,
          data: await client.payments.createOrder.mutate({
            planType: chosen.planId,
            billingCycle: 'monthly',
            ...(expectedAmount === undefined ? {} : { expectedAmount }),
          }),
        }),
        loadCheckoutScript: () => loadCheckoutScript(),
        openCheckout: (order) =>
          order.testMode
            ? new Promise<CheckoutOutcome>((resolve) =>
                setSandbox({
                  order,
                  plan,
                  prefill,
                  settle: (outcome) => {
                    setSandbox(null)
                    resolve(outcome)
                  },
                }),
              )
            : openRazorpayCheckout(checkoutFields(order, prefill)),
        verifyPayment: (result) => client.payments.verifyPayment.mutate(result),
        abandonOrder: async (closed) => {
          await client.payments.abandonCheckout.mutate({ orderId: closed.id })
        },
        refreshSubscription: async () => {
          await Promise.all([
            authRef.current.refreshUser(),
            queryClient.invalidateQueries({ queryKey: trpc.payments.subscription.queryKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.payments.planChanges.queryKey() }),
          ])
        },
        wait,
        celebrate: () => setView((current) => ({ ...current, result: 'success' })),
        track: (event) => {
          for (const tracked of paymentAnalyticsEvents(event)) track(tracked.name, tracked.category, tracked.params)
        },
        // Tolerated failures: worth a trace for support, not an error on the page.
        log: (message, error) => console.warn(message, error),
      }

      try {
        const outcome = await runPayment(ports, plan)
        setView((current) =>
          outcome.status === 'succeeded'
            ? { ...current, processing: false, planId: null }
            : {
                processing: false,
                planId: null,
                error: outcome.error,
                result: outcome.reason === 'account-update' ? null : 'failure',
              },
        )
      } finally {
        running.current = false
        // Paid, declined or abandoned: the order now shows in the billing history.
        void queryClient.invalidateQueries({ queryKey: trpc.payments.billingHistory.queryKey() })
      }
    },
    [router, client, trpc, queryClient],
  )

  return { ...view, sandbox, choosePlan }
}
