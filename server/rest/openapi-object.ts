import type { OpenAPIObject } from 'trpc-to-openapi'
import type { Operation, PathItem } from '#server/routes/openapi-shapes.ts'

export const operationKeys = ['get', 'put', 'post', 'delete', 'patch'] as const

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type Method = (typeof operationKeys)[number]

/** The document with each operation replaced by what `change` makes of it. */
export function mapOperations(
  document: OpenAPIObject,
  change: (operation: Operation, method: Method, path: string) => Operation,
): OpenAPIObject {
  const paths: Record<string, PathItem> = {}
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    const item: PathItem = { ...pathItem }
    for (const method of operationKeys) {
      const operation = item[method]
      if (operation) item[method] = change(operation, method, path)
    }
    paths[path] = item
  }
  return { ...document, paths }
}
