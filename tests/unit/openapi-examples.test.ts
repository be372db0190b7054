/**
 * Every example in the API document (request bodies, parameters, successes and one error per code
 * of each declared failure) is valid against the schema it illustrates, and none is missing.
 */
import { Ajv2020, type SchemaObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsImport from 'ajv-formats'
import { forEachOpenApiProcedure, getInputOutputParsers } from 'trpc-to-openapi'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { openApiDocument } from '#server/rest/openapi-document.ts'
import { operationExamples } from '#server/rest/openapi-examples/operation-examples.ts'
import { appRouter } from '#server/trpc/router.ts'

type Json = Record<string, unknown>

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020
const operationKeys = ['get', 'put', 'post', 'delete', 'patch'] as const
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const document = openApiDocument({ devMailbox: true })
// strict: the document's schemas carry OpenAPI's own words (`example`), which plain JSON Schema does not know.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
// OpenAPI's `binary` is a file's bytes: any content.
ajv.addFormat('binary', true)
const withApiRefs = (schema: unknown): SchemaObject =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')) as SchemaObject
ajv.addSchema(withApiRefs({ $id: 'api', components: document.components }))

type Example = { where: string; schema: unknown; value: unknown }

function mediaExamples(where: string, content: unknown, missing: string[], errors: boolean): Example[] {
  if (!isRecord(content)) return []
  return Object.entries(content).flatMap(([type, media]) => {
    if (!isRecord(media)) return []
    const at = `${where} ${type}`
    if (errors) {
      const named = isRecord(media.examples) ? Object.entries(media.examples) : []
      if (named.length === 0) missing.push(at)
      return named.map(([name, example]) => ({
        where: `${at} (${name})`,
        schema: media.schema,
        value: isRecord(example) ? example.value : undefined,
      }))
    }
    // A stream shows one named example per event, each checked against the schema of an event.
    if (isRecord(media.examples))
      return Object.entries(media.examples).map(([name, example]) => ({
        where: `${at} (${name})`,
        schema: media.schema,
        value: isRecord(example) ? example.value : undefined,
      }))
    if (media.example === undefined) {
      missing.push(at)
      return []
    }
    return [{ where: at, schema: media.schema, value: media.example }]
  })
}

/** Every example of the document, and where one is missing. */
function collect(): { examples: Example[]; missing: string[]; errorCodes: Map<string, string[]> } {
  const examples: Example[] = []
  const missing: string[] = []
  const errorCodes = new Map<string, string[]>()
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of operationKeys) {
      const operation = item[method]
      if (!operation) continue
      const name = `${method.toUpperCase()} ${path}`
      if (isRecord(operation.requestBody))
        examples.push(...mediaExamples(`${name} request`, operation.requestBody.content, missing, false))
      for (const parameter of operation.parameters ?? []) {
        if (!isRecord(parameter)) continue
        const at = `${name} parameter ${String(parameter.name)}`
        if (parameter.example === undefined) {
          if (parameter.required === true) missing.push(at)
        } else examples.push({ where: at, schema: parameter.schema, value: parameter.example })
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!isRecord(response) || status === 'default') continue
        const failure = /^[45]\d\d$/.test(status)
        const found = mediaExamples(`${name} ${status}`, response.content, missing, failure)
        examples.push(...found)
        if (failure) {
          const declared = /"code":\{"enum":(\[[^\]]*\])\}/.exec(JSON.stringify(response.content))?.[1]
          const shown = found.map((example) => (isRecord(example.value) ? String(example.value.code) : ''))
          errorCodes.set(`${name} ${status}`, [
            JSON.stringify(declared ? (JSON.parse(declared) as string[]).sort() : null),
            JSON.stringify([...new Set(shown)].sort()),
          ])
        }
      }
    }
  return { examples, missing, errorCodes }
}

describe('the examples of the API document', () => {
  const { examples, missing, errorCodes } = collect()

  it('cover every request body, required parameter, success and declared failure of every operation', () => {
    expect(missing).toEqual([])
    expect(examples.length).toBeGreaterThan(200)
  })

  it('show one error per code each failure declares, and no other', () => {
    const mismatched = [...errorCodes].filter(([, [declared, shown]]) => declared !== 'null' && declared !== shown)
    expect(mismatched).toEqual([])
  })

  it('words no error of an operation that the operation does not declare (an override nobody sees)', () => {
    const shown = new Set(
      examples.flatMap((example) =>
        isRecord(example.value) && example.value.success === false
          ? [`${example.where.split(' ').slice(0, 2).join(' ')} ${String(example.value.code)}`]
          : [],
      ),
    )
    const unseen = Object.entries(operationExamples).flatMap(([operation, example]) =>
      Object.keys(example.errors ?? {})
        .map((code) => `${operation} ${code}`)
        .filter((key) => !shown.has(key)),
    )
    expect(unseen).toEqual([])
  })

  it.each(examples.map((example) => [example.where, example] as const))('%s is valid', (_where, example) => {
    const validate: ValidateFunction = ajv.compile(withApiRefs(example.schema))
    const valid = validate(example.value)
    expect(valid ? [] : validate.errors).toEqual([])
  })
})

describe('the examples of the operations the REST bridge serves', () => {
  const procedures: { operation: string; input: z.ZodType; output: z.ZodType | undefined }[] = []
  forEachOpenApiProcedure(appRouter._def.procedures, ({ meta, procedure }) => {
    const { inputParser, outputParser } = getInputOutputParsers(procedure)
    procedures.push({
      operation: `${meta.openapi.method} ${meta.openapi.path}`,
      input: inputParser,
      output: outputParser,
    })
  })
  const examplesOf = (operation: string) => Object.entries(operationExamples).find(([key]) => key === operation)?.[1]

  // The procedure's own schemas may say more than the document can (refinements, transforms).
  it.each(procedures.map((procedure) => [procedure.operation, procedure] as const))(
    '%s: the example request and success pass the procedure’s own input and output schemas',
    (operation, { input, output }) => {
      const example = examplesOf(operation)
      expect(example).toBeDefined()
      // The bridge gives the procedure its path and query parameters and its JSON body as one input.
      const { json, query, path } = example?.request ?? {}
      const body = isRecord(json) ? json : undefined
      const request =
        json === undefined && query === undefined && path === undefined
          ? undefined
          : json === undefined || body !== undefined
            ? { ...path, ...query, ...body }
            : json
      const parsedInput = input.safeParse(request)
      expect(parsedInput.success ? [] : parsedInput.error.issues).toEqual([])
      const parsedOutput = output?.safeParse(example?.success)
      expect(parsedOutput === undefined || parsedOutput.success ? [] : parsedOutput.error.issues).toEqual([])
    },
  )
})
