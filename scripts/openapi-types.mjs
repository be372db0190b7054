// `node scripts/openapi-types.mjs openapi.json schema.d.ts`: openapi-typescript's types of the API
// document, with a file part (a string of raw bytes: `contentMediaType` without `contentEncoding`)
// typed as a Blob, as OpenAPI 3.1 means it; the command-line tool would type it as a string. Run
// from scripts/api-client.ts; openapi-typescript needs TypeScript's JavaScript API, so it and that
// TypeScript live in tools/lint.
import { readFileSync, writeFileSync } from 'node:fs'

const lintModules = new URL('../tools/lint/node_modules/', import.meta.url)
const {
  default: openapiTS,
  astToString,
  COMMENT_HEADER,
} = await import(new URL('openapi-typescript/dist/index.mjs', lintModules).href)
const { default: ts } = await import(new URL('typescript/lib/typescript.js', lintModules).href)

const [input, output] = process.argv.slice(2)
if (!input || !output) {
  console.error('usage: node scripts/openapi-types.mjs openapi.json schema.d.ts')
  process.exit(2)
}

const ast = await openapiTS(JSON.parse(readFileSync(input, 'utf8')), {
  transform(schema) {
    if (typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined)
      return ts.factory.createTypeReferenceNode('Blob')
    return undefined
  },
})
writeFileSync(output, COMMENT_HEADER + astToString(ast))
