import { z } from 'zod'
import { appRouter } from '#server/trpc/router.ts'

export type JsonSchema = Record<string, unknown>

/** One thing a client can call, as the fuzzer sees it: where, how, and the shape of what it takes. */
export type FuzzOperation = {
  name: string
  transport: 'rest' | 'trpc'
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** For REST a template with {param}; for tRPC the procedure's URL. */
  path: string
  pathParams: string[]
  queryParams: { name: string; schema: JsonSchema }[]
  /** JSON (REST body, tRPC input), multipart (uploads), or nothing. */
  input: { kind: 'json' | 'multipart'; schema: JsonSchema } | undefined
  /** The answer is a stream of server-sent events, not JSON. */
  streams: boolean
}

const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
})
const operationSchema = z.object({
  parameters: z
    .array(z.object({ in: z.string(), name: z.string(), schema: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
  requestBody: z
    .object({ content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()).optional() })) })
    .optional(),
  responses: z.record(z.string(), z.object({ content: z.record(z.string(), z.unknown()).optional() })).optional(),
})
const procedureSchema = z.object({ _def: z.object({ type: z.string(), inputs: z.array(z.unknown()) }) })
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Every operation of an OpenAPI document, with local $refs resolved. */
export function restOperations(raw: unknown): FuzzOperation[] {
  const document = documentSchema.parse(raw)
  const components = document.components?.schemas ?? {}
  const operations: FuzzOperation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const parsed = operationSchema.safeParse(item[method.toLowerCase()])
      if (!parsed.success || item[method.toLowerCase()] === undefined) continue
      const operation = parsed.data
      const parameters = operation.parameters ?? []
      const content = operation.requestBody?.content ?? {}
      const json = content['application/json']?.schema
      const multipart = content['multipart/form-data']?.schema
      const bodySchema = json ?? multipart
      operations.push({
        name: `REST ${method} ${path}`,
        transport: 'rest',
        method,
        path: `/api${path}`,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: resolveRefs(parameter.schema ?? {}, components) })),
        input: bodySchema && { kind: json ? 'json' : 'multipart', schema: resolveRefs(bodySchema, components) },
        streams: Object.values(operation.responses ?? {}).some(
          (response) => 'text/event-stream' in (response.content ?? {}),
        ),
      })
    }
  }
  return operations
}

/** Every tRPC procedure, queries by GET with ?input= and mutations by POST, their inputs from zod. */
export function trpcOperations(): FuzzOperation[] {
  const procedures: Record<string, unknown> = appRouter._def.procedures
  return Object.entries(procedures).flatMap(([path, procedure]): FuzzOperation[] => {
    // A procedure is a function carrying its definition: read the definition, then parse it.
    const definition = procedureSchema.safeParse({
      _def: typeof procedure === 'function' ? (Reflect.get(procedure, '_def') as unknown) : undefined,
    })
    if (!definition.success) return []
    const { type, inputs } = definition.data._def
    if (type !== 'query' && type !== 'mutation') return []
    const [parser] = inputs
    const schema =
      parser instanceof z.ZodType
        ? (z.toJSONSchema(parser, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
        : undefined
    return [
      {
        name: `tRPC ${path}`,
        transport: 'trpc',
        method: type === 'query' ? 'GET' : 'POST',
        path: `/api/trpc/${path}`,
        pathParams: [],
        queryParams: [],
        input: schema && { kind: 'json', schema },
        streams: false,
      },
    ]
  })
}

function resolveRefs(schema: unknown, components: Record<string, unknown>, seen: string[] = []): JsonSchema {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve)
    if (typeof value !== 'object' || value === null) return value
    const ref = (value as { $ref?: unknown }).$ref
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length)
      // A recursive schema stops at its second visit: the fuzzer needs shapes, not infinite ones.
      if (seen.includes(name)) return {}
      return resolveRefs(components[name] ?? {}, components, [...seen, name])
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]))
  }
  return resolve(schema) as JsonSchema
}
