import { describe, expect, inject, it } from 'vitest'
import { z } from 'zod'

const baseUrl = inject('baseUrl')

const errorEnvelope = z
  .object({ success: z.literal(false), error: z.string().min(1), code: z.string().min(1) })
  .strict()
const plansEnvelope = z
  .object({
    success: z.literal(true),
    data: z.object({
      plans: z.array(
        z
          .object({
            planId: z.string(),
            name: z.string(),
            amount: z.number(),
            currency: z.string(),
            interviews: z.number(),
          })
          .loose(),
      ),
    }),
  })
  .strict()

describe('GET /api/auth/plans', () => {
  it('answers 200 with the three plans in the envelope, prices in paise (INR)', async () => {
    const response = await fetch(`${baseUrl}/api/auth/plans`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = plansEnvelope.parse(await response.json())
    expect(
      body.data.plans.map(({ planId, name, amount, currency, interviews }) => ({
        planId,
        name,
        amount,
        currency,
        interviews,
      })),
    ).toEqual([
      { planId: 'starter', name: 'Starter', amount: 9900, currency: 'INR', interviews: 5 },
      { planId: 'professional', name: 'Professional', amount: 29900, currency: 'INR', interviews: 15 },
      { planId: 'pro', name: 'Pro', amount: 49900, currency: 'INR', interviews: 25 },
    ])
  })

  it('ignores an invalid bearer token on a public endpoint', async () => {
    const response = await fetch(`${baseUrl}/api/auth/plans`, {
      headers: { authorization: 'Bearer forged.token.value' },
    })
    expect(response.status).toBe(200)
  })
})

describe('REST bridge errors', () => {
  it('answers 404 with the error envelope for an unknown /api path', async () => {
    const response = await fetch(`${baseUrl}/api/no/such/endpoint`)
    expect(response.status).toBe(404)
    const body = errorEnvelope.parse(await response.json())
    expect(body.error).toContain('/api/no/such/endpoint')
    expect(body.code).toBe('not_found')
  })

  it('answers 405 with the error envelope and Allow for a wrong method', async () => {
    const response = await fetch(`${baseUrl}/api/auth/plans`, { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
    const body = errorEnvelope.parse(await response.json())
    expect(body.error).toMatch(/DELETE/)
    expect(body.code).toBe('method_not_allowed')
  })
})
