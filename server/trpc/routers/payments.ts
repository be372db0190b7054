import { router } from '#server/trpc/init.ts'
import { abandonCheckout } from '#server/trpc/procedures/payments/abandon-checkout.ts'
import { billingHistory } from '#server/trpc/procedures/payments/billing-history.ts'
import { completeSandboxCheckout } from '#server/trpc/procedures/payments/complete-sandbox-checkout.ts'
import { createOrder } from '#server/trpc/procedures/payments/create-order.ts'
import { cancelPlanChange } from '#server/trpc/procedures/payments/cancel-plan-change.ts'
import { planChanges } from '#server/trpc/procedures/payments/plan-changes.ts'
import { plans } from '#server/trpc/procedures/payments/plans.ts'
import { schedulePlanChange } from '#server/trpc/procedures/payments/schedule-plan-change.ts'
import { subscription } from '#server/trpc/procedures/payments/subscription.ts'
import { verifyPayment } from '#server/trpc/procedures/payments/verify-payment.ts'

/** Plans, buying one, and what the person has bought. */
export const paymentsRouter = router({
  subscription,
  plans,
  createOrder,
  abandonCheckout,
  verifyPayment,
  billingHistory,
  completeSandboxCheckout,
  planChanges,
  schedulePlanChange,
  cancelPlanChange,
})
