import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAuth } from '#src/auth/auth-context.ts'
import { useTRPC } from '#src/trpc/react.ts'

/**
 * What each plan's button would do for the signed-in person and what it costs
 * (`payments.planChanges`), and the scheduling of a lower plan. Signed out: no query.
 */
export function usePlanChanges() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { user, refreshUser } = useAuth()
  const changes = useQuery({ ...trpc.payments.planChanges.queryOptions(), enabled: Boolean(user) })
  const settled = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.payments.planChanges.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.payments.subscription.queryKey() }),
      refreshUser().catch(() => undefined),
    ])
  }
  const schedule = useMutation(trpc.payments.schedulePlanChange.mutationOptions({ onSuccess: settled }))
  const cancel = useMutation(trpc.payments.cancelPlanChange.mutationOptions({ onSuccess: settled }))
  // Signed in, a click must wait for the quote: it decides whether to ask first.
  const quoting = Boolean(user) && changes.isPending
  return { changes: user ? changes.data : undefined, quoting, schedule, cancel }
}
