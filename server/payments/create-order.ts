import { randomBytes } from 'node:crypto'
import { checkout, findPlan, type PlanId } from '#app.config.ts'
import { DomainError } from '#events/domain-error.ts'
import type { EventMetadata } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { PaymentGatewayError } from './payment-gateway.ts'
import { handleOrderCommand } from './record-payment.ts'

export const orderErrors = {
  gatewayDown: 'Failed to create order: the payment service is not answering. Please try again in a minute.',
} as const

/** Creates a gateway order for a plan; the amount comes from the catalog, never from the client. */
export async function createOrder(
  runtime: Runtime,
  input: { userId: string; planType: PlanId },
  metadata: EventMetadata,
) {
  const plan = findPlan(input.planType)
  if (!plan) throw new DomainError('unknown-plan', `Unknown plan: ${input.planType}`)
  const { gateway } = runtime.payments
  const receipt = `rcpt_${randomBytes(8).toString('hex')}`
  const notes = { userId: input.userId, planType: plan.planId, billingCycle: 'monthly' }
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
  await runtime.store.transaction((tx) =>
    handleOrderCommand(
      tx,
      runtime.store,
      order.id,
      {
        type: 'CreateOrder',
        data: {
          orderId: order.id,
          userId: input.userId,
          planType: plan.planId,
          billingCycle: 'monthly',
          amount: plan.amount,
          currency: plan.currency,
          gateway: gateway.mode,
          receipt,
        },
      },
      metadata,
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
