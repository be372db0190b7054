/** The REST bridge's OpenAPI document, reduced to what the /docs page shows. */
export type ApiField = { name: string; type: string; required: boolean; description: string }
export type ApiOperation = {
  id: string
  method: string
  path: string
  summary: string
  description: string
  signedIn: boolean
  parameters: ApiField[]
  requestFields: ApiField[]
  responseFields: ApiField[]
  errors: { status: string; description: string }[]
}
type ApiGroup = { tag: string; operations: ApiOperation[] }
export type ApiReference = { title: string; version: string; description: string; baseUrl: string; groups: ApiGroup[] }

type Json = Record<string, unknown>
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value : '')

function resolve(document: Json, schema: unknown, depth = 0): Json {
  if (!isObject(schema) || depth > 10) return {}
  const ref = text(schema.$ref)
  if (!ref.startsWith('#/')) return schema
  let target: unknown = document
  for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined
  return resolve(document, target, depth + 1)
}

function typeOf(document: Json, raw: unknown): string {
  const schema = resolve(document, raw)
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if ('const' in schema) return JSON.stringify(schema.const)
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (variants) return [...new Set(variants.map((variant) => typeOf(document, variant)))].join(' | ')
  const types = Array.isArray(schema.type) ? schema.type.map(text) : [text(schema.type) || 'any']
  return types
    .map((type) =>
      type === 'array'
        ? `${typeOf(document, schema.items)}[]`
        : type === 'string' && schema.format
          ? `string (${text(schema.format)})`
          : type,
    )
    .join(' | ')
}

function fieldsOf(document: Json, raw: unknown): ApiField[] {
  const schema = resolve(document, raw)
  if (!isObject(schema.properties)) return []
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(text) : [])
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeOf(document, property),
    required: required.has(name),
    description: text(resolve(document, property).description),
  }))
}

function jsonSchemaOf(document: Json, holder: unknown): unknown {
  const resolved = resolve(document, holder)
  const content = isObject(resolved.content) ? resolved.content : {}
  const media = content['application/json']
  return isObject(media) ? media.schema : undefined
}

function operationOf(document: Json, method: string, path: string, raw: Json): ApiOperation {
  const responses = isObject(raw.responses) ? raw.responses : {}
  const success = Object.keys(responses).find((status) => status.startsWith('2'))
  const envelope = resolve(document, success ? jsonSchemaOf(document, responses[success]) : undefined)
  const data = isObject(envelope.properties) ? envelope.properties.data : undefined
  const parameters = (Array.isArray(raw.parameters) ? raw.parameters : []).map((parameter) => {
    const resolved = resolve(document, parameter)
    return {
      name: `${text(resolved.name)} (${text(resolved.in)})`,
      type: typeOf(document, resolved.schema),
      required: resolved.required === true,
      description: text(resolved.description),
    }
  })
  return {
    id: `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, ''),
    method: method.toUpperCase(),
    path,
    summary: text(raw.summary),
    description: text(raw.description),
    signedIn: Array.isArray(raw.security) && raw.security.length > 0,
    parameters,
    requestFields: raw.requestBody ? fieldsOf(document, jsonSchemaOf(document, raw.requestBody)) : [],
    responseFields: data ? fieldsOf(document, data) : [],
    errors: Object.entries(responses)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, response]) => ({ status, description: text(resolve(document, response).description) })),
  }
}

export function apiReferenceOf(document: Json): ApiReference {
  const info = isObject(document.info) ? document.info : {}
  const servers = Array.isArray(document.servers) ? document.servers : []
  const groups = new Map<string, ApiOperation[]>()
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue
    for (const method of methods) {
      const raw = item[method]
      if (!isObject(raw)) continue
      const tag = Array.isArray(raw.tags) && typeof raw.tags[0] === 'string' ? raw.tags[0] : 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), operationOf(document, method, path, raw)])
    }
  }
  return {
    title: text(info.title),
    version: text(info.version),
    description: text(info.description),
    baseUrl: isObject(servers[0]) ? text(servers[0].url) : '/api',
    groups: [...groups.entries()].map(([tag, operations]) => ({ tag, operations })),
  }
}
