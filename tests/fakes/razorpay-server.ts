/**
 * A local fake of Razorpay's Orders API (POST /v1/orders, GET /v1/orders/:id) and refunds
 * (POST /v1/payments/:id/refund, one full refund a payment) on 127.0.0.1,
 * following the documented contract: HTTP Basic auth with key id and secret, amounts in paise
 * (at least 100), receipts up to 40 characters, at most 15 notes, `order_` ids of 14 characters,
 * and errors as `{ error: { code, description, source, step, reason, metadata, field? } }`.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeRazorpayOrder = {
  id: string
  entity: 'order'
  amount: number
  amount_paid: number
  amount_due: number
  currency: string
  receipt: string | null
  offer_id: null
  status: 'created' | 'attempted' | 'paid'
  attempts: number
  notes: Record<string, string>
  created_at: number
}

export type FakeRazorpayRefund = {
  id: string
  entity: 'refund'
  amount: number
  currency: 'INR'
  payment_id: string
  notes: Record<string, string>
  receipt: null
  status: 'processed'
  speed_requested: 'normal'
  speed_processed: 'normal'
  created_at: number
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const razorpayId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('')}`

function error(response: ServerResponse, status: number, description: string, field?: string) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(
    JSON.stringify({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        ...(field ? { field } : {}),
      },
    }),
  )
}

async function body(request: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? JSON.parse(text) : {}
}

export async function startFakeRazorpay(options: { keyId: string; keySecret: string }) {
  const orders = new Map<string, FakeRazorpayOrder>()
  const refunds = new Map<string, FakeRazorpayRefund>()
  const requests: { method: string; path: string }[] = []
  const expected = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '' })
    if (request.headers.authorization !== expected) {
      error(response, 401, 'Authentication failed')
      return
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'POST' && url.pathname === '/v1/orders') {
      const input = (await body(request)) as Record<string, unknown>
      if (!Number.isInteger(input.amount)) {
        error(response, 400, 'The amount must be an integer.', 'amount')
        return
      }
      if ((input.amount as number) < 100) {
        error(response, 400, 'The amount must be atleast INR 1.00', 'amount')
        return
      }
      if (typeof input.currency !== 'string') {
        error(response, 400, 'The currency field is required.', 'currency')
        return
      }
      if (typeof input.receipt === 'string' && input.receipt.length > 40) {
        error(response, 400, 'The receipt may not be greater than 40 characters.', 'receipt')
        return
      }
      const notes = (input.notes ?? {}) as Record<string, string>
      if (Object.keys(notes).length > 15) {
        error(response, 400, 'Number of notes cannot be more than 15', 'notes')
        return
      }
      const order: FakeRazorpayOrder = {
        id: razorpayId('order'),
        entity: 'order',
        amount: input.amount as number,
        amount_paid: 0,
        amount_due: input.amount as number,
        currency: input.currency,
        receipt: typeof input.receipt === 'string' ? input.receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes,
        created_at: Math.floor(Date.now() / 1000),
      }
      orders.set(order.id, order)
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify(order))
    }
    const refunded = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(url.pathname)
    if (request.method === 'POST' && refunded?.[1]) {
      const input = (await body(request)) as Record<string, unknown>
      if (input.amount !== undefined && (!Number.isInteger(input.amount) || (input.amount as number) < 100)) {
        error(response, 400, 'The amount must be atleast INR 1.00', 'amount')
        return
      }
      if (refunds.has(refunded[1])) {
        error(response, 400, 'The payment has been fully refunded already')
        return
      }
      const refund: FakeRazorpayRefund = {
        id: razorpayId('rfnd'),
        entity: 'refund',
        amount: input.amount as number,
        currency: 'INR',
        payment_id: refunded[1],
        notes: (input.notes ?? {}) as Record<string, string>,
        receipt: null,
        status: 'processed',
        speed_requested: 'normal',
        speed_processed: 'normal',
        created_at: Math.floor(Date.now() / 1000),
      }
      refunds.set(refunded[1], refund)
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify(refund))
    }
    const found = /^\/v1\/orders\/(order_\w+)$/.exec(url.pathname)
    if (request.method === 'GET' && found?.[1]) {
      const order = orders.get(found[1])
      if (!order) {
        error(response, 400, 'The id provided does not exist')
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify(order))
    }
    error(response, 404, 'The requested URL was not found on the server.')
  }
  const server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    refunds,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
