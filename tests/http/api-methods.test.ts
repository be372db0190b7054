/**
 * Every address under /api answers a method it does not serve with 405 in the API's envelope and
 * an Allow header naming the ones it does, never with a page.
 */
import { describe, expect, inject, it } from 'vitest'
import { z } from 'zod'

const baseUrl = inject('baseUrl')

const envelope = z.object({
  success: z.literal(false),
  error: z.string().min(1),
  code: z.literal('method_not_allowed'),
})

describe('a method an /api address does not serve', () => {
  it.each([
    ['POST', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/ready', 'GET, HEAD'],
    ['GET', '/api/webhooks/razorpay', 'POST'],
    ['DELETE', '/api/trpc/payments.plans', 'GET, HEAD, POST'],
    ['PUT', '/api/trpc/payments.plans,payments.plans?batch=1', 'GET, HEAD, POST'],
    ['GET', '/api/interview/question/stream', 'POST'],
    ['GET', '/api/interview/audio-question', 'POST'],
    ['POST', '/api/openapi.json', 'GET, HEAD'],
    ['DELETE', '/api/billing/invoices/order_123/pdf', 'GET, HEAD'],
    ['DELETE', '/api/inngest', 'GET, HEAD, POST, PUT'],
  ])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const response = await fetch(`${baseUrl}${path}`, { method })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe(allow)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = envelope.parse(await response.json())
    expect(body.error).toBe(`Method ${method} is not allowed on ${path.split('?')[0]}; use ${allow}`)
  })
})

describe('an /api address that nothing serves', () => {
  it.each([
    ['GET', '/api/no-such-operation'],
    ['POST', '/api/interview/no-such-operation'],
    ['DELETE', '/api/auth'],
  ])('%s %s answers 404 in the envelope, naming the address', async (method, path) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({
      success: false,
      error: `No API endpoint at ${method} ${path}`,
      code: 'not_found',
    })
  })
})
