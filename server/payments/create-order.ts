import { randomBytes } from 'node:crypto'
import { checkout, findPlan, type PlanId } from '#app.config.ts'
import { DomainError } from '#events/domain-error.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { ownerOf } from '#events/users/owner-check.ts'
import { mailLinkBase } from '#server/accounts/account-mail.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { quotePlanChange } from '#events/subscriptions/plan-change.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { orderDescription, payableQuote, priceChangedMessage } from './order-quote.ts'
import { PaymentGatewayError } from './payment-gateway.ts'

export const orderErrors = {
  gatewayDown: 'Failed to create order: the payment service is not answering. Please try again in a minute.',
} as const

/**
 * Creates a gateway order for a plan. The amount is the plan change's quote on the person's
 * subscription stream (list price, less the unused value of the current period for an upgrade),
 * never the client's; a lower plan while a period runs is scheduled, not bought.
 */
export async function createOrder(
  scope: SignedInScope,
  input: { planType: PlanId; expectedAmount?: number | undefined },
) {
  const { runtime, userId } = scope
  const plan = findPlan(input.planType)
  if (!plan) throw new DomainError('unknown-plan', `Unknown plan: ${input.planType}`)
  const { state: subscription } = await subscriptionCommands.load(runtime.store, userId)
  const quote = payableQuote(quotePlanChange(subscription, plan, runtime.clock.now()), plan)
  if (input.expectedAmount !== undefined && input.expectedAmount !== quote.amountDue)
    throw new DomainError('plan-change-refused', priceChangedMessage(quote.amountDue, input.expectedAmount))
  const { gateway } = runtime.payments
  const receipt = `rcpt_${randomBytes(8).toString('hex')}`
  const notes = { userId, planType: plan.planId, billingCycle: 'monthly', change: quote.kind }
  let order
  try {
    order = await gateway.createOrder({ amount: quote.amountDue, currency: plan.currency, receipt, notes })
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      runtime.log.error('order creation failed at the gateway', { error })
      throw new DomainError('gateway-unavailable', orderErrors.gatewayDown)
    }
    throw error
  }
  // The order's stream before its owner's, the order a payment takes them in (it learns the
  // owner from the order).
  await commandUnit(runtime.store, (tx) =>
    orderCommands.handleWith(tx, order.id, async () => ({
      command: {
        type: 'CreateOrder',
        owner: await ownerOf(tx, userId),
        data: {
          orderId: order.id,
          userId,
          planType: plan.planId,
          billingCycle: 'monthly',
          amount: quote.amountDue,
          currency: plan.currency,
          gateway: gateway.mode,
          receipt,
          change: { kind: quote.kind, listPrice: quote.listPrice, credit: quote.credit, fromPlan: quote.currentPlan },
          siteUrl: mailLinkBase(scope),
        },
      },
      metadata: scope.metadata(),
    })),
  )
  return {
    id: order.id,
    amount: quote.amountDue,
    currency: plan.currency,
    keyId: gateway.keyId,
    name: checkout.name,
    description: orderDescription(plan, quote),
    themeColor: checkout.themeColor,
    testMode: gateway.mode === 'sandbox',
    notes,
  }
}
