import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, inject, it } from 'vitest'
import { z } from 'zod'

const baseUrl = inject('baseUrl')

const documentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.object({ responses: z.record(z.string(), z.unknown()) }).loose())),
  components: z
    .object({ securitySchemes: z.record(z.string(), z.object({ type: z.string(), scheme: z.string().optional() })) })
    .loose(),
})

async function fetchDocument(): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/openapi.json`)
  expect(response.status).toBe(200)
  return z.record(z.string(), z.unknown()).parse(await response.json())
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const document = await fetchDocument()
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(String(document.openapi)).toMatch(/^3\./)
  })

  it('describes GET /auth/plans under the /api server with a bearer scheme', async () => {
    const document = documentSchema.parse(await fetchDocument())
    expect(document.info.title).toBe('Interview Helper API')
    expect(document.servers).toEqual([{ url: '/api' }])
    expect(document.paths['/auth/plans']?.get).toBeDefined()
    expect(Object.values(document.components.securitySchemes)).toContainEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    )
  })

  it('describes /ready with every check, on 200 and under details on 503', async () => {
    const document = documentSchema.parse(await fetchDocument())
    const text = JSON.stringify(document.paths['/ready'])
    for (const check of [
      'database',
      'migrations',
      'projections',
      'behind',
      'halted',
      'inngest',
      'not-checked',
      'details',
    ])
      expect(text).toContain(`"${check}"`)
  })

  it('describes the invoice download as a PDF for the bearer, 404 for anyone else', async () => {
    const document = documentSchema.parse(await fetchDocument())
    const operation = document.paths['/billing/invoices/{orderId}/pdf']?.get
    expect(operation?.responses['200']).toMatchObject({
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    })
    expect(JSON.stringify(operation?.responses['404'])).toContain('not_found')
  })

  it('describes the review downloads as a PDF and a CSV for Pro, with their refusals and examples', async () => {
    const document = documentSchema.parse(await fetchDocument())
    for (const [format, media] of [
      ['pdf', 'application/pdf'],
      ['csv', 'text/csv'],
    ] as const) {
      const operation = document.paths[`/interview/sessions/{id}/review/${format}`]?.get
      expect(operation?.responses['200']).toMatchObject({
        content: { [media]: { example: expect.any(String) as unknown } },
      })
      expect(JSON.stringify(operation?.responses['403'])).toContain('feature_not_in_plan')
      expect(JSON.stringify(operation?.responses['409'])).toContain('session_active')
      expect(JSON.stringify(operation?.responses['404'])).toContain('not_found')
    }
  })

  it('shows the envelope in every response schema', async () => {
    const document = documentSchema.parse(await fetchDocument())
    for (const pathItem of Object.values(document.paths)) {
      for (const operation of Object.values(pathItem)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          // The one streaming answer is text/event-stream; its events carry the same envelope.
          if (z.object({ content: z.object({ 'text/event-stream': z.unknown() }) }).safeParse(response).success)
            continue
          // The invoice and review downloads answer the file itself; their refusals are enveloped like any other.
          if (z.object({ content: z.object({ 'application/pdf': z.unknown() }) }).safeParse(response).success) continue
          if (z.object({ content: z.object({ 'text/csv': z.unknown() }) }).safeParse(response).success) continue
          const schema = z
            .object({
              content: z.object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) }),
            })
            .parse(response).content['application/json'].schema
          if (status.startsWith('2')) {
            expect(schema).toMatchObject({
              type: 'object',
              required: ['success', 'data'],
              properties: { success: { const: true } },
            })
          } else if ('allOf' in schema) {
            // An error with more to say (/ready's checks) extends the envelope.
            expect(schema.allOf).toEqual(
              expect.arrayContaining([{ $ref: '#/components/schemas/ErrorEnvelope' }]) as unknown,
            )
          } else {
            expect(schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' })
          }
        }
      }
    }
  })
})
