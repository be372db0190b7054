import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'

/** The signed-in user's plan and features (`payments.subscription`); call only under a RouteGuard. */
export function useSubscription() {
  const trpc = useTRPC()
  return useQuery(trpc.payments.subscription.queryOptions())
}

/** The user's orders and payments, newest first (`payments.billingHistory`). */
export function useBillingHistory() {
  const trpc = useTRPC()
  return useQuery(trpc.payments.billingHistory.queryOptions())
}
