import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { checkoutSignature } from '#server/payments/signatures.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { pdfText } from '#tests/support/invoices.ts'
import { dataOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>
const password = 'Passw0rdX'

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  api = restClient(server.url)
})

const secret = async (name: string) =>
  Buffer.from((await readFile(path.join(server.dataDir, name), 'utf8')).trim(), 'base64url')

/** A confirmed, signed-in person who bought Starter through the sandbox checkout. */
async function paidCustomer() {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`
  const token = await signedUpUserToken(api, database, { password, firstName: 'Asha', lastName: 'Iyer', email })
  const order = dataOf<{ id: string }>(
    await api('POST', '/auth/create-order', { token, body: { planType: 'starter', billingCycle: 'monthly' } }),
  )
  const paymentId = `pay_test_${randomBytes(7).toString('hex')}`
  const signature = checkoutSignature(await secret('sandbox-razorpay-key-secret'), order.id, paymentId)
  dataOf(
    await api('POST', '/auth/verify-payment', {
      token,
      body: { razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: signature },
    }),
  )
  return { token, email, orderId: order.id, paymentId }
}

const pdfOf = (orderId: string, token?: string) =>
  fetch(`${server.url}/api/billing/invoices/${orderId}/pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })

/** The first mail to `email` whose subject matches, as the mail job delivers it to the development mailbox. */
async function mailTo(email: string, subject: RegExp) {
  return vi.waitFor(
    async () => {
      const mails = await database.db
        .selectFrom('dev_mailbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', email)
        .execute()
      const found = mails.find((mail) => subject.test(mail.subject))
      if (!found) throw new Error(`no mail to ${email} matching ${subject}`)
      return found
    },
    { timeout: 10_000, interval: 100 },
  )
}

/**
 * The invoice number billing history shows for the order. The invoice is issued by a job the captured
 * payment starts, after the payment's own answer, so a busy machine may list the order a moment before it.
 */
async function invoiceNumberOf(orderId: string, token: string) {
  return vi.waitFor(
    async () => {
      const history = dataOf<{ entries: { orderId: string; invoiceNumber: string | null }[] }>(
        await api('GET', '/billing/history', { token }),
      )
      const invoiceNumber = history.entries.find((entry) => entry.orderId === orderId)?.invoiceNumber
      if (!invoiceNumber) throw new Error(`order ${orderId} has no invoice number yet`)
      return invoiceNumber
    },
    { timeout: 10_000, interval: 100 },
  )
}

describe('invoices over HTTP', () => {
  it('lists the invoice in billing history and serves its PDF to the buyer', async () => {
    const { token, orderId, paymentId } = await paidCustomer()
    const invoiceNumber = await invoiceNumberOf(orderId, token)
    expect(invoiceNumber).toMatch(/^IH\/\d{4}-\d{2}\/\d{6}$/)

    const response = await pdfOf(orderId, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${invoiceNumber.replaceAll('/', '-')}.pdf"`,
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()))
    for (const expected of [invoiceNumber, 'INR 99.00', 'GSTIN: 29ABCDE1234F1Z5', paymentId, 'Asha Iyer'])
      expect(text).toContain(expected)
  })

  it('answers 404 to anyone else, 401 without a token and 400 for what is not an order id', async () => {
    const { orderId } = await paidCustomer()
    const stranger = await signedUpUserToken(api, database, { password })
    const refused = await pdfOf(orderId, stranger)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toMatchObject({ success: false, error: 'Invoice not found', code: 'not_found' })
    expect((await pdfOf(orderId)).status).toBe(401)
    expect((await pdfOf('order%20with%20spaces', stranger)).status).toBe(400)
  })

  it('mails the receipt with the invoice number, the amount and the invoice link', async () => {
    const { token, email, orderId } = await paidCustomer()
    const invoiceNumber = await invoiceNumberOf(orderId, token)
    const receipt = await mailTo(email, /receipt/)
    expect(receipt.subject).toBe(`Your Interview Helper receipt: invoice ${invoiceNumber}`)
    expect(receipt.text_body).toContain('We received INR 99.00 for the Starter plan')
    expect(receipt.text_body).toMatch(new RegExp(`Download your invoice: http://[^\\s]+/invoice/${orderId}\\n`))
  })
})
