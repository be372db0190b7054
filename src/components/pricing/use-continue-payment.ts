import { useHydrated, useLocation, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { findPlan, type Plan } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'

/**
 * Back from /login with planType and continuePayment in the navigation state, the payment
 * starts by itself, then the state leaves history so that a reload or Back does not buy twice.
 * It waits until `ready` (the plan-change quote is known), so a change to an active plan still asks first.
 */
export function useContinuePayment(choosePlan: (plan: Plan) => unknown, ready = true): void {
  const router = useRouter()
  const { loading, user } = useAuth()
  // History state exists only in the browser.
  const hydrated = useHydrated()
  const carried = useLocation({ select: (location) => location.state })
  const resumed = useRef(false)

  useEffect(() => {
    if (!hydrated || loading || !user || !ready || resumed.current) return
    if (!carried.continuePayment || !carried.planType) return
    const plan = findPlan(carried.planType)
    if (!plan) return
    resumed.current = true
    void choosePlan(plan)
    void router.navigate({ href: router.state.location.href, replace: true, state: {}, resetScroll: false })
  }, [hydrated, loading, user, ready, carried.continuePayment, carried.planType, choosePlan, router])
}
