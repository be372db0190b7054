import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'

/** The signed-in user's plan and features (`auth.subscription`); call only under a RouteGuard. */
export function useSubscription() {
  const trpc = useTRPC()
  return useQuery(trpc.auth.subscription.queryOptions())
}

/** The user's orders and payments, newest first (`billing.history`). */
export function useBillingHistory() {
  const trpc = useTRPC()
  return useQuery(trpc.billing.history.queryOptions())
}
