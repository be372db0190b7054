import { randomBytes } from 'node:crypto'
import { checkout, findPlan, type PlanId } from '#app.config.ts'
import { DomainError } from '#events/domain-error.ts'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { handleCommand } from '#events/store/command-handler.ts'
import { loadOwner } from '#events/users/load-owner.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { PaymentGatewayError } from './payment-gateway.ts'

const orderErrors = {
  gatewayDown: 'Failed to create order: the payment service is not answering. Please try again in a minute.',
} as const

/** Creates a gateway order for a plan; the amount comes from the catalog, never from the client. */
export async function createOrder(scope: SignedInScope, input: { planType: PlanId }) {
  const { runtime, userId } = scope
  const plan = findPlan(input.planType)
  if (!plan) throw new DomainError('unknown-plan', `Unknown plan: ${input.planType}`)
  const { gateway } = runtime.payments
  const receipt = `rcpt_${randomBytes(8).toString('hex')}`
  const notes = { userId, planType: plan.planId, billingCycle: 'monthly' }
  let order
  try {
    order = await gateway.createOrder({ amount: plan.amount, currency: plan.currency, receipt, notes })
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      runtime.log.error('order creation failed at the gateway', { error })
      throw new DomainError('gateway-unavailable', orderErrors.gatewayDown)
    }
    throw error
  }
  await runtime.store.transaction(async (tx) =>
    handleCommand(
      tx,
      orderAggregate,
      order.id,
      {
        type: 'CreateOrder',
        owner: await loadOwner(tx, userId),
        data: {
          orderId: order.id,
          userId,
          planType: plan.planId,
          billingCycle: 'monthly',
          amount: plan.amount,
          currency: plan.currency,
          gateway: gateway.mode,
          receipt,
        },
      },
      scope.metadata(),
    ),
  )
  return {
    id: order.id,
    amount: plan.amount,
    currency: plan.currency,
    keyId: gateway.keyId,
    name: checkout.name,
    description: `${plan.name} plan — ${plan.interviews} interviews, 1 month`,
    themeColor: checkout.themeColor,
    testMode: gateway.mode === 'sandbox',
    notes,
  }
}
