import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client'
import { describe, expect, inject, it } from 'vitest'
import type { AppRouter } from '#server/trpc/router.ts'

const baseUrl = inject('baseUrl')

describe('tRPC over HTTP at /api/trpc', () => {
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${baseUrl}/api/trpc` })] })

  it('answers payments.plans with the catalog', async () => {
    const { plans } = await client.payments.plans.query()
    expect(plans.map((plan) => [plan.planId, plan.amount, plan.interviews])).toEqual([
      ['starter', 9900, 5],
      ['professional', 29900, 15],
      ['pro', 49900, 25],
    ])
    expect(plans.find((plan) => plan.planId === 'professional')?.mostPopular).toBe(true)
  })

  it('answers an unknown procedure with NOT_FOUND and no stack trace', async () => {
    const response = await fetch(`${baseUrl}/api/trpc/accounts.noSuchProcedure`)
    expect(response.status).toBe(404)
    const text = await response.text()
    expect(text).not.toContain('stack')
    expect(text).not.toMatch(/\bat .+:\d+:\d+/)
  })

  it('surfaces errors to the typed client as TRPCClientError', async () => {
    const untyped = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${baseUrl}/api/trpc/missing-prefix` })],
    })
    await expect(untyped.payments.plans.query()).rejects.toBeInstanceOf(TRPCClientError)
  })
})
