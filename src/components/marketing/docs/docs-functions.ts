import { createServerFn } from '@tanstack/react-start'
import { apiReferenceOf } from './api-reference.ts'

/** The same document /api/openapi.json serves, read in-process and reduced for the page. */
export const getApiReference = createServerFn({ method: 'GET' }).handler(async () => {
  const { openApiDocument } = await import('#server/rest/openapi-document.ts')
  return apiReferenceOf(JSON.parse(JSON.stringify(openApiDocument())) as Record<string, unknown>)
})
