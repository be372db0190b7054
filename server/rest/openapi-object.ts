import type { OpenAPIObject } from 'trpc-to-openapi'

/** The shapes the document's post-processing steps walk through. */
export type PathItem = NonNullable<OpenAPIObject['paths']>[string]
export type Operation = NonNullable<PathItem['get']>

export const operationKeys = ['get', 'put', 'post', 'delete', 'patch'] as const

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
