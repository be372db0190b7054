import { describe, expect, it } from 'vitest'
import { apiReferenceOf } from '#src/components/marketing/docs/api-reference.ts'

const document = {
  openapi: '3.1.0',
  info: { title: 'Interview Helper API', version: '0.1.0', description: 'REST API.' },
  servers: [{ url: '/api' }],
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: { id: { type: 'string' }, email: { type: 'string', format: 'email', description: 'Login' } },
        required: ['id'],
      },
      ErrorEnvelope: { type: 'object' },
    },
  },
  paths: {
    '/auth/login': {
      post: {
        tags: ['auth'],
        summary: 'Sign in',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { email: { type: 'string' }, password: { type: 'string' } },
                required: ['email', 'password'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    success: { const: true },
                    data: {
                      type: 'object',
                      properties: { user: { $ref: '#/components/schemas/User' }, plan: { enum: ['starter', 'pro'] } },
                    },
                  },
                },
              },
            },
          },
          '401': {
            description: 'Wrong password',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        },
      },
    },
    '/interview/history': {
      get: {
        tags: ['interview'],
        summary: 'Past sessions',
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: ['number', 'null'] } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { type: 'object', properties: { sessions: { type: 'array', items: { type: 'string' } } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
}

describe('the /docs model of the OpenAPI document', () => {
  const reference = apiReferenceOf(document)

  it('groups operations by tag with method, summary and auth', () => {
    expect(reference).toMatchObject({ title: 'Interview Helper API', version: '0.1.0', baseUrl: '/api' })
    expect(
      reference.groups.map((group) => [
        group.tag,
        group.operations.map((operation) => `${operation.method} ${operation.path}`),
      ]),
    ).toEqual([
      ['auth', ['POST /auth/login']],
      ['interview', ['GET /interview/history']],
    ])
    expect(reference.groups[1]?.operations[0]?.signedIn).toBe(true)
    expect(reference.groups[0]?.operations[0]?.signedIn).toBe(false)
  })

  it('lists request fields, response data fields with resolved references, and error statuses', () => {
    const login = reference.groups[0]?.operations[0]
    expect(login?.requestFields).toEqual([
      { name: 'email', type: 'string', required: true, description: '' },
      { name: 'password', type: 'string', required: true, description: '' },
    ])
    expect(login?.responseFields).toEqual([
      { name: 'user', type: 'object', required: false, description: '' },
      { name: 'plan', type: '"starter" | "pro"', required: false, description: '' },
    ])
    expect(login?.errors).toEqual([{ status: '401', description: 'Wrong password' }])
    const history = reference.groups[1]?.operations[0]
    expect(history?.parameters).toEqual([
      { name: 'limit (query)', type: 'number | null', required: false, description: '' },
    ])
    expect(history?.responseFields).toEqual([{ name: 'sessions', type: 'string[]', required: false, description: '' }])
  })
})
