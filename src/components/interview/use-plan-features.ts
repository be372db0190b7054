import type { Features } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { useSubscription } from '#src/payments/use-subscription.ts'

/** The plan's feature flags: fresh from payments.subscription, else those known since sign-in. */
export function usePlanFeatures(): Features {
  const { features } = useAuth()
  return useSubscription().data?.features ?? features
}
