import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HistoryRow } from '#src/payments/billing-history.tsx'
import type { BillingEntry } from '#src/payments/checkout-types.ts'

const entry: BillingEntry = {
  orderId: 'order_1',
  planType: 'starter',
  amount: 9900,
  currency: 'INR',
  status: 'paid',
  paymentId: 'pay_first',
  failureReason: null,
  refundDuePaymentIds: [],
  createdAt: '2026-11-21T10:00:00.000Z',
  paidAt: '2026-11-21T10:01:00.000Z',
  testMode: false,
  invoiceNumber: 'IH/2026-27/000001',
}

const rowHtml = (row: BillingEntry) =>
  renderToStaticMarkup(
    createElement('table', null, createElement('tbody', null, createElement(HistoryRow, { entry: row }))),
  )

describe('a billing history row', () => {
  it('tells the customer that a second charge for a paid order is refunded', () => {
    const html = rowHtml({ ...entry, refundDuePaymentIds: ['pay_second'] })
    expect(html).toContain('pay_first')
    expect(html).toMatch(/Charged again by <span[^>]*>pay_second<\/span>: this is refunded/)
  })

  it('says nothing about refunds for an order paid once', () => {
    expect(rowHtml(entry)).not.toContain('refunded')
  })
})
