/**
 * One lifecycle, read back from every place that tells a person what happens when a period ends:
 * the plan-change dialogs, the used-up error, the receipt and the policy pages. At the period's end
 * the plan ends; nothing renews and nothing is charged, with or without a switch scheduled.
 */
import { describe, expect, it } from 'vitest'
import { findPlan, type Plan, type PlanId } from '#app.catalog.ts'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import { usageMessages } from '#events/subscriptions/subscription-decider.ts'
import { planLifecycle } from '#rules/plan-lifecycle.ts'
import { receiptMail } from '#server/invoices/receipt-mail.ts'
import { policyPage } from '#src/components/marketing/content/policy-pages.ts'
import { planAction, type PlanChange, type PlanChanges } from '#src/components/pricing/plan-action.ts'
import { plainText } from '#tests/support/policy-text.ts'

const plan = (id: PlanId): Plan => {
  const found = findPlan(id)
  if (!found) throw new Error(id)
  return found
}
const periodEnd = '2026-12-24T10:00:00.000Z'
const quote = (change: Partial<PlanChange> & Pick<PlanChange, 'planType' | 'kind'>): PlanChange => ({
  listPrice: plan(change.planType).amount,
  credit: 0,
  amountDue: plan(change.planType).amount,
  startsAt: periodEnd,
  periodEnd: null,
  reason: null,
  ...change,
})
const onPro = (changes: PlanChange[], scheduled: PlanId | null = null): PlanChanges => ({
  currentPlan: 'pro',
  periodEnd,
  scheduledChange: scheduled ? { planType: scheduled, effectiveAt: periodEnd } : null,
  changes,
})
const dialogText = (action: ReturnType<typeof planAction>) =>
  [action.confirm?.title ?? '', ...(action.confirm?.lines ?? [])].join(' ')

/** Words that promise or threaten a renewal or a next period that nobody bought. */
const contradictions = [/when you renew/i, /next period/i, /nothing changes/i, /\/pricing/]

const operator = { legalName: 'Interview Helper', address: null, supportEmail: null, gstin: null }

describe('what happens when a period ends, said the same way everywhere', () => {
  it('the downgrade dialog: Pro until the date, then Starter to buy, nothing charged automatically', () => {
    const downgrade = quote({ planType: 'starter', kind: 'downgrade', amountDue: 0 })
    const text = dialogText(planAction(plan('starter'), downgrade, onPro([downgrade])))
    expect(text).toContain(
      'You keep Pro and its interviews until December 24, 2026, when it ends. Nothing renews and nothing is charged automatically: from then on your account shows Starter, which you buy (₹99 for a month) whenever you want more interviews.',
    )
    for (const wrong of contradictions) expect(text).not.toMatch(wrong)
  })

  it('"Keep Pro?" says what cancelling will do, not that it is done', () => {
    const scheduled = quote({ planType: 'starter', kind: 'scheduled', amountDue: 0 })
    const action = planAction(plan('starter'), scheduled, onPro([scheduled], 'starter'))
    expect(action.confirm?.title).toBe('Keep Pro?')
    expect(action.confirm?.lines).toEqual([
      'If you cancel the switch to Starter, you keep Pro until December 24, 2026, when it ends. Nothing renews and nothing is charged automatically.',
    ])
  })

  it('extending or upgrading with a switch scheduled says the switch is dropped', () => {
    const extend = quote({ planType: 'pro', kind: 'extend', periodEnd: '2027-01-24T10:00:00.000Z' })
    const extendText = dialogText(planAction(plan('pro'), extend, onPro([extend], 'starter')))
    expect(extendText).toContain('Paying cancels your switch to Starter on December 24, 2026.')
    expect(extendText).toContain(planLifecycle.noRenewal)
    const noneScheduled = dialogText(planAction(plan('pro'), extend, onPro([extend])))
    expect(noneScheduled).not.toContain('switch')
  })

  it('the used-up error names the end date and the way on, without a next period or a raw path', () => {
    const text = usageMessages.limitReached('Professional', 15, periodEnd)
    expect(text).toBe(
      'You have used all 15 interviews of your Professional plan for this period, which ends on December 24, 2026. For more interviews now, choose a higher plan or add a month on the pricing page. Nothing renews and nothing is charged automatically.',
    )
    for (const message of [text, usageMessages.noPlan, usageMessages.expired('Pro', periodEnd)])
      for (const wrong of contradictions) expect(message).not.toMatch(wrong)
  })

  it('the receipt says when the plan ends and that nothing renews, and explains an upgrade credit', () => {
    const invoice: IssuedInvoice = {
      invoiceNumber: 'IH/2026-27/000001',
      financialYear: '2026-27',
      sequence: 1,
      orderId: 'order_1',
      userId: 'u1',
      paymentId: 'pay_1',
      gateway: 'sandbox',
      issuedAt: '2026-11-24T10:00:00.000Z',
      seller: { name: 'Interview Helper', address: 'Bengaluru', gstin: '29ABCDE1234F1Z5', isSample: true },
      buyer: null,
      planType: 'pro',
      planName: 'Pro',
      periodStart: '2026-11-24T10:00:00.000Z',
      periodEnd,
      currency: 'INR',
      total: 40000,
      taxableValue: 33898,
      gstRateBasisPoints: 1800,
      cgst: 3051,
      sgst: 3051,
      upgradeCredit: { listPrice: 49900, credit: 9900, fromPlanName: 'Starter' },
    }
    const { text } = receiptMail(invoice, { name: 'Asha', email: 'asha@example.com' }, 'https://site.example', false)
    expect(text).toContain(
      'That is the Pro price of INR 499.00 less a credit of INR 99.00 for the unused part of your Starter period.',
    )
    expect(text).toContain(planLifecycle.periodEnds('Pro', '24 Dec 2026'))
  })

  it('the Terms and the Refund Policy tell the same lifecycle as the dialogs', () => {
    const refunds = plainText(policyPage('refunds', operator).blocks)
    const terms = plainText(policyPage('terms', operator).blocks)
    expect(refunds).toContain(
      'When the period ends, nothing renews and nothing is charged automatically, with or without a switch scheduled: your account then shows the lower plan, which you buy whenever you want more interviews.',
    )
    expect(terms).toContain('it costs nothing, then or later')
    for (const page of [refunds, terms]) {
      expect(page).not.toMatch(/Nothing is charged until then/i)
      expect(page).not.toMatch(/costs nothing until then/i)
      expect(page).not.toMatch(/when you renew/i)
    }
  })
})
