import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { whereToUse } from '#rules/where-to-use.ts'
import { takeNextInvoiceNumber } from '#events/invoices/invoice-number-series.ts'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import { invoicePdfFor } from '#server/invoices/invoice-download.ts'
import { deliverDueMail } from '#server/mail/mail-outbox.ts'
import { createOrder } from '#server/payments/create-order.ts'
import { processWebhookDeliveries } from '#server/payments/process-webhook-deliveries.ts'
import { recordPayment } from '#server/payments/record-payment.ts'
import { publishRelease } from '#server/releases/publish-release.ts'
import { verifyPayment } from '#server/payments/verify-payment.ts'
import { receiveRazorpayWebhook } from '#server/payments/webhook-deliveries.ts'
import { actingAs } from '#server/request-scope.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { createOrderFor, pdfText } from '#tests/support/invoices.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('invoices on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // Mail and webhooks are delivered by the runs a test starts, not by the in-process scheduler.
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
  })

  const newOrderId = () => `order_test_${randomBytes(7).toString('hex')}`

  /** A registered person (so the invoice has a buyer) and their unpaid order. */
  async function customerWithOrder(amount = 9900) {
    const registered = await registerDirectly({ store: test.runtime.store }, 'Sharma', test.clock)
    const userId = registered.metadata.userId ?? ''
    const orderId = newOrderId()
    await createOrderFor(test.runtime, userId, orderId, amount)
    return { userId, orderId, email: `${userId}@example.test` }
  }

  const scopeOf = (userId: string) =>
    actingAs(
      { runtime: test.runtime, requestId: `req-${randomBytes(4).toString('hex')}`, clientIp: '127.0.0.1' },
      userId,
    )

  const payByWebhook = (orderId: string, paymentId: string) =>
    recordPayment(
      {
        runtime: test.runtime,
        metadata: (userId) => ({ actor: { type: 'webhook', id: paymentId }, ...(userId ? { userId } : {}) }),
      },
      { orderId, paymentId, amount: 9900, verifiedBy: 'webhook' },
    )

  async function invoicesOf(orderId: string): Promise<IssuedInvoice[]> {
    const rows = await test.runtime.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `invoice-${orderId}`)
      .where('type', '=', 'InvoiceIssued')
      .execute()
    return rows.map((row) => row.data as IssuedInvoice)
  }

  async function lastNumber(financialYear: string): Promise<number> {
    const row = await test.runtime.db
      .selectFrom('invoice_number_series')
      .select('last_number')
      .where('financial_year', '=', financialYear)
      .executeTakeFirst()
    return row?.last_number ?? 0
  }

  it('issues one invoice with the seller, buyer, plan, period, tax and payment when a checkout is verified', async () => {
    const { userId, orderId } = await customerWithOrder()
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const signed = await sandbox.signCheckout(orderId)
    const before = await lastNumber('2026-27')
    await verifyPayment(scopeOf(userId), {
      orderId,
      paymentId: signed.razorpay_payment_id,
      signature: signed.razorpay_signature,
    })
    const [invoice, ...more] = await invoicesOf(orderId)
    expect(more).toEqual([])
    expect(invoice).toMatchObject({
      invoiceNumber: `IH/2026-27/${String(before + 1).padStart(6, '0')}`,
      financialYear: '2026-27',
      sequence: before + 1,
      userId,
      paymentId: signed.razorpay_payment_id,
      seller: { gstin: '29ABCDE1234F1Z5', isSample: true },
      planType: 'starter',
      planName: 'Starter',
      periodStart: '2026-11-21T10:00:00.000Z',
      total: 9900,
      taxableValue: 8390,
      gstRateBasisPoints: 1800,
      cgst: 755,
      sgst: 755,
    })
    expect(invoice?.periodEnd).not.toBeNull()
    // The buyer is sealed personal data, never plain text in the log.
    expect(JSON.stringify(invoice?.buyer)).not.toContain('@example.test')
  })

  it('issues no second invoice and mails no second receipt when the same payment is reported again', async () => {
    const { orderId, email } = await customerWithOrder()
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const deliver = async (event: string, eventId: string) => {
      const body = JSON.stringify({
        event,
        payload: { payment: { entity: { id: 'pay_replayed', order_id: orderId, amount: 9900, status: 'captured' } } },
      })
      await receiveRazorpayWebhook(
        test.runtime,
        body,
        new Headers({ 'x-razorpay-signature': await sandbox.signWebhook(body), 'x-razorpay-event-id': eventId }),
      )
    }
    const eventId = `evt_${randomBytes(6).toString('hex')}`
    await deliver('payment.captured', eventId)
    await processWebhookDeliveries(test.runtime)
    // The same delivery replayed, then the same payment under another event, then straight through.
    await deliver('payment.captured', eventId)
    await deliver('order.paid', `evt_${randomBytes(6).toString('hex')}`)
    await processWebhookDeliveries(test.runtime)
    const repeated = await payByWebhook(orderId, 'pay_replayed')
    expect(repeated).toMatchObject({ newlyPaid: false, invoiceNumber: null })
    expect(await invoicesOf(orderId)).toHaveLength(1)
    const receipts = await test.runtime.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email)
      .execute()
    expect(receipts).toHaveLength(1)
  })

  it('mails a receipt with the invoice number, the amount and a link to the invoice to the development mailbox', async () => {
    const { orderId, email } = await customerWithOrder()
    const outcome = await payByWebhook(orderId, `pay_${randomBytes(5).toString('hex')}`)
    await deliverDueMail({ db: test.runtime.db, mailer: test.runtime.mailer, clock: test.clock, log: test.runtime.log })
    const mail = await test.runtime.db
      .selectFrom('dev_mailbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe(`Your Interview Helper receipt: invoice ${outcome.invoiceNumber}`)
    expect(mail.text_body).toContain('Thank you for your payment, Eve Sharma')
    expect(mail.text_body).toContain('We received INR 99.00 for the Starter plan')
    expect(mail.text_body).toContain(`Download your invoice: http://localhost:3000/invoice/${orderId}`)
  })

  it('links the receipt to the site the order was placed on, even when a webhook proves the payment', async () => {
    const registered = await registerDirectly({ store: test.runtime.store }, 'Rao', test.clock)
    const userId = registered.metadata.userId ?? ''
    const site = 'http://192.168.1.20:4123'
    const order = await createOrder(
      actingAs({ runtime: test.runtime, requestId: 'req-site', clientIp: '192.168.1.30', siteUrl: site }, userId),
      { planType: 'starter' },
    )
    await payByWebhook(order.id, `pay_${randomBytes(5).toString('hex')}`)
    await deliverDueMail({ db: test.runtime.db, mailer: test.runtime.mailer, clock: test.clock, log: test.runtime.log })
    const mail = await test.runtime.db
      .selectFrom('dev_mailbox')
      .selectAll()
      .where('to_address', '=', `${userId}@example.test`)
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain(`Download your invoice: ${site}/invoice/${order.id}`)
  })

  it('prints an upgrade’s list price and the credit for the unused period, so the total adds up', async () => {
    const registered = await registerDirectly({ store: test.runtime.store }, 'Nair', test.clock)
    const userId = registered.metadata.userId ?? ''
    const scope = actingAs({ runtime: test.runtime, requestId: 'req-upgrade', clientIp: '10.0.0.9' }, userId)
    const starter = await createOrder(scope, { planType: 'starter' })
    await payByWebhook(starter.id, `pay_${randomBytes(5).toString('hex')}`)
    const upgrade = await createOrder(scope, { planType: 'pro' })
    // Bought moments ago: the whole ₹99 period is unused.
    expect(upgrade.amount).toBe(40000)
    await recordPayment(
      {
        runtime: test.runtime,
        metadata: (about) => ({ actor: { type: 'webhook', id: 'up' }, ...(about ? { userId: about } : {}) }),
      },
      { orderId: upgrade.id, paymentId: `pay_${randomBytes(5).toString('hex')}`, amount: 40000, verifiedBy: 'webhook' },
    )
    const [invoice] = await invoicesOf(upgrade.id)
    expect(invoice?.upgradeCredit).toEqual({ listPrice: 49900, credit: 9900, fromPlanName: 'Starter' })
    const text = await pdfText((await invoicePdfFor(scope, upgrade.id)).bytes)
    for (const expected of [
      'INR 499.00Interview Helper Pro plan (monthly)',
      'list price\n(GST inclusive)',
      'Less: credit for the unused part of your Starter period',
      '- INR 99.00Less: credit',
      'INR 400.00Total paid',
    ])
      expect(text).toContain(expected)
  })

  it('says in the receipt what can be used: the browser while no desktop build is published, then both', async () => {
    const receiptOf = async () => {
      const { orderId, email } = await customerWithOrder()
      await payByWebhook(orderId, `pay_${randomBytes(5).toString('hex')}`)
      await deliverDueMail({
        db: test.runtime.db,
        mailer: test.runtime.mailer,
        clock: test.clock,
        log: test.runtime.log,
      })
      const mail = await test.runtime.db
        .selectFrom('dev_mailbox')
        .select('text_body')
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow()
      return mail.text_body
    }
    const before = await receiptOf()
    expect(before).toContain(whereToUse(false))
    expect(before).toContain('The live interview page: http://localhost:3000/live')
    await publishRelease(test.runtime, {
      platform: 'windows',
      version: '1.0.0',
      notes: '',
      url: 'https://downloads.example.test/InterviewHelper-1.0.0.zip',
      sha256: 'a'.repeat(64),
      size: 1234,
    })
    const after = await receiptOf()
    expect(after).toContain(whereToUse(true))
    expect(after).not.toContain(whereToUse(false))
  })

  it('renders a PDF that reads back with the number, amount, tax and GSTIN, for its owner only', async () => {
    const { userId, orderId, email } = await customerWithOrder()
    const paymentId = `pay_${randomBytes(5).toString('hex')}`
    const { invoiceNumber } = await payByWebhook(orderId, paymentId)
    const pdf = await invoicePdfFor(scopeOf(userId), orderId)
    expect(pdf.invoiceNumber).toBe(invoiceNumber)
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = await pdfText(pdf.bytes)
    for (const expected of [
      'TAX INVOICE',
      invoiceNumber ?? 'no number',
      'GSTIN: 29ABCDE1234F1Z5',
      'INR 99.00',
      'INR 83.90',
      'INR 7.55',
      paymentId,
      'Eve Sharma',
      email,
      'SAMPLE',
    ])
      expect(text).toContain(expected)

    const stranger = await customerWithOrder()
    await expect(invoicePdfFor(scopeOf(stranger.userId), orderId)).rejects.toThrow(
      new DomainError('not-found', 'Invoice not found'),
    )
    await expect(invoicePdfFor(scopeOf(userId), stranger.orderId)).rejects.toThrow('Invoice not found')
  })

  it('gives a number back when its unit of work rolls back, so the series has no gap', async () => {
    const before = await lastNumber('2026-27')
    await expect(
      test.runtime.store.transaction(async (tx) => {
        expect(await takeNextInvoiceNumber(tx.db, '2026-27')).toBe(before + 1)
        throw new Error('the append failed')
      }),
    ).rejects.toThrow('the append failed')
    const { orderId } = await customerWithOrder()
    const { invoiceNumber } = await payByWebhook(orderId, `pay_${randomBytes(5).toString('hex')}`)
    expect(invoiceNumber).toBe(`IH/2026-27/${String(before + 1).padStart(6, '0')}`)
  })

  it('starts a new series at 000001 when India’s clock reaches 1 April', async () => {
    const { orderId } = await customerWithOrder()
    test.clock.set('2027-03-31T18:30:00Z')
    try {
      const { invoiceNumber } = await payByWebhook(orderId, `pay_${randomBytes(5).toString('hex')}`)
      expect(invoiceNumber).toBe('IH/2027-28/000001')
    } finally {
      test.clock.set('2026-11-21T10:00:00Z')
    }
  })

  it('numbers 20 payments recorded at once 1 to 20 after the last, each once, with no gap', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => customerWithOrder()))
    const before = await lastNumber('2026-27')
    const outcomes = await Promise.all(
      customers.map(({ orderId }, index) =>
        payByWebhook(orderId, `pay_concurrent_${index}_${randomBytes(3).toString('hex')}`),
      ),
    )
    const sequences = (await Promise.all(customers.map(({ orderId }) => invoicesOf(orderId))))
      .flat()
      .map((invoice) => invoice.sequence)
      .toSorted((a, b) => a - b)
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => before + index + 1))
    expect(new Set(outcomes.map((outcome) => outcome.invoiceNumber)).size).toBe(20)
    expect(await lastNumber('2026-27')).toBe(before + 20)
  })
})
