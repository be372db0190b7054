import { describe, expect, it } from 'vitest'
import { invoiceAggregate } from '#events/invoices/invoice-decider.ts'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'

const invoice: IssuedInvoice = {
  invoiceNumber: 'IH/2026-27/000001',
  financialYear: '2026-27',
  sequence: 1,
  orderId: 'order_1',
  userId: 'u-1',
  paymentId: 'pay_1',
  gateway: 'sandbox',
  issuedAt: '2026-11-21T10:00:00.000Z',
  seller: { name: 'Seller', address: 'Address', gstin: '29ABCDE1234F1Z5', isSample: true },
  buyer: null,
  planType: 'starter',
  planName: 'Starter',
  periodStart: '2026-11-21T10:00:00.000Z',
  periodEnd: '2026-12-21T10:00:00.000Z',
  currency: 'INR',
  total: 9900,
  taxableValue: 8390,
  gstRateBasisPoints: 1800,
  cgst: 755,
  sgst: 755,
}

describe('the invoice decider', () => {
  it('issues an order’s invoice once; issuing again decides nothing and keeps the first', () => {
    const first = invoiceAggregate.decide({ type: 'IssueInvoice', invoice }, invoiceAggregate.initialState)
    expect(first).toEqual([{ type: 'InvoiceIssued', data: invoice }])
    const issued = first.reduce((state, event) => invoiceAggregate.evolve(state, event), invoiceAggregate.initialState)
    const second = { ...invoice, invoiceNumber: 'IH/2026-27/000002', sequence: 2 }
    expect(invoiceAggregate.decide({ type: 'IssueInvoice', invoice: second }, issued)).toEqual([])
    expect(issued).toEqual({ status: 'issued', invoice })
  })
})
