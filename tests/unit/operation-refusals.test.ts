import { describe, expect, it } from 'vitest'
import { openApiDocument } from '#server/rest/openapi-document.ts'
import { operationRefusals } from '#server/rest/operation-refusals.ts'

const operationKeys = ['get', 'put', 'post', 'delete', 'patch'] as const
// Probes and the payment gateway's webhook are not the desktop app's operations.
const notForClients = new Set(['GET /health', 'GET /ready', 'POST /webhooks/razorpay'])

describe('declared statuses', () => {
  const document = openApiDocument({ devMailbox: true })
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    operationKeys.filter((key) => item[key]).map((key) => `${key.toUpperCase()} ${path}`),
  )

  it('names the refusals of every operation in the document, and no operation that is not', () => {
    const forClients = operations.filter((operation) => !notForClients.has(operation))
    expect(forClients.filter((operation) => !Object.hasOwn(operationRefusals, operation))).toEqual([])
    expect(Object.keys(operationRefusals).filter((operation) => !operations.includes(operation))).toEqual([])
  })

  it('declares 429 with the rate-limit headers where an operation can be rate limited', () => {
    const login = JSON.stringify(document.paths?.['/auth/login']?.post?.responses)
    expect(login).toContain('RateLimit-Policy')
    expect(login).toContain('"rate_limited"')
  })
})
