import type { Plugin } from 'vite'

// tRPC's published build carries a transpiled object-spread helper (defineProperty per key, a closure
// per copy) and prefers zod's `parseAsync`. Both run at every middleware level of every call, and
// together they were about a quarter of a small API answer's CPU (decision 0073). The server build
// swaps them for the two functions below, which are unit-tested on their own.

/**
 * The object-spread helper with native spread. Every call tRPC makes passes a fresh object literal
 * (or the result of another call) first and uses what it returns, and no literal it passes holds a
 * getter, so copying into a new object is the same as defining into the first.
 */
export function nativeObjectSpread(target: object, ...sources: unknown[]): object {
  let result = target
  for (const source of sources) if (source !== null && source !== undefined) result = { ...result, ...source }
  return result
}

/**
 * A zod schema's parser, synchronous first: the same value or the same ZodError, without a promise
 * per check. A schema with an async refinement or transform makes zod refuse the synchronous parse,
 * and is then parsed the asynchronous way.
 */
export function syncFirstParser(schema: {
  parse: (value: unknown) => unknown
  parseAsync: (value: unknown) => Promise<unknown>
}) {
  return (value: unknown): unknown => {
    try {
      return schema.parse(value)
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('Encountered Promise during synchronous parse'))
        return schema.parseAsync(value)
      throw error
    }
  }
}

type Patch = { file: RegExp; find: RegExp; replace: string }

export const trpcCallPathPatches: Patch[] = [
  {
    file: /[\\/]@trpc[\\/]server[\\/]dist[\\/]getErrorShape-[\w-]+\.mjs$/,
    find: /function _objectSpread2\(e\) \{\n[\s\S]*?\n\treturn e;\n\}/,
    replace: `var _objectSpread2 = ${nativeObjectSpread.toString()};`,
  },
  {
    file: /[\\/]@trpc[\\/]server[\\/]dist[\\/]initTRPC-[\w-]+\.mjs$/,
    find: /if \(typeof parser\.parseAsync === "function"\) return parser\.parseAsync\.bind\(parser\);/,
    replace:
      `if (typeof parser.parseAsync === "function" && typeof parser.parse === "function" && "_zod" in parser) ` +
      `return (${syncFirstParser.toString()})(parser);\n\t` +
      `if (typeof parser.parseAsync === "function") return parser.parseAsync.bind(parser);`,
  },
]

/** Applies the patches to tRPC's server modules in the server build; a patch that no longer finds its text fails the build. */
export function trpcCallPath(): Plugin {
  return {
    name: 'interview-helper:trpc-call-path',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    transform(code, id) {
      const patch = trpcCallPathPatches.find(({ file }) => file.test(id))
      if (!patch) return undefined
      if (!patch.find.test(code))
        throw new Error(`${id} no longer holds the code decision 0073 replaces: review the patch for this tRPC version`)
      return { code: code.replace(patch.find, patch.replace), map: null }
    },
  }
}
