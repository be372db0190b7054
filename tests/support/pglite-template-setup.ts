import { ensureTestTemplate } from './pglite-template.ts'

const sharedKey = Symbol.for('interview-helper.pglite-template')
const registry = globalThis as typeof globalThis & { [sharedKey]?: Promise<void> }

/** Global setup for every project: the migrated PGlite template test databases start from. */
export default async function setup(): Promise<void> {
  registry[sharedKey] ??= ensureTestTemplate()
  await registry[sharedKey]
}
