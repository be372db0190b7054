import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { nativeObjectSpread, syncFirstParser, trpcCallPath, trpcCallPathPatches } from '#scripts/vite/trpc-call-path.ts'

const trpcDist = path.resolve('node_modules/@trpc/server/dist')

describe("the server build's tRPC call path (decision 0073)", () => {
  it('finds the code it replaces in the installed tRPC, once per file, in every file that defines it', async () => {
    const files = (await readdir(trpcDist)).filter((file) => file.endsWith('.mjs'))
    for (const patch of trpcCallPathPatches) {
      const matching = files.filter((file) => patch.file.test(path.join(trpcDist, file)))
      expect(matching).toHaveLength(1)
      const code = await readFile(path.join(trpcDist, matching[0] ?? ''), 'utf8')
      expect(code.match(new RegExp(patch.find.source, 'g'))).toHaveLength(1)
    }
    // No other module of the package holds a copy of the spread helper the patch would miss.
    const helpers = await Promise.all(
      files.map(async (file) =>
        (await readFile(path.join(trpcDist, file), 'utf8')).includes('function _objectSpread2(') ? file : undefined,
      ),
    )
    expect(helpers.filter(Boolean)).toEqual([expect.stringMatching(/^getErrorShape-/)])
  })

  it('turns the installed modules into code that uses the replacements', async () => {
    const plugin = trpcCallPath()
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined
    for (const patch of trpcCallPathPatches) {
      const file = (await readdir(trpcDist)).find((name) => patch.file.test(path.join(trpcDist, name))) ?? ''
      const id = path.join(trpcDist, file)
      const patched = transform(await readFile(id, 'utf8'), id)?.code ?? ''
      expect(patched).toContain(patch.replace)
      if (patch.replace.includes('nativeObjectSpread')) expect(patched).not.toContain('function _objectSpread2(')
      else expect(patched.indexOf('syncFirstParser')).toBeLessThan(patched.indexOf('return parser.parseAsync.bind'))
    }
    expect(transform('export const untouched = 1', path.resolve('server/runtime.ts'))).toBeUndefined()
  })

  it('spreads like an object literal: later sources win, symbols kept, missing sources skipped', () => {
    const symbol = Symbol('marker')
    const ctx = { user: 'u-1', scope: 's' }
    const spread = nativeObjectSpread(
      nativeObjectSpread({}, { ctx, input: 1 }, { [symbol]: true }),
      {},
      { input: 2 },
      null,
      undefined,
    )
    expect(spread).toEqual({ ctx, input: 2, [symbol]: true })
    expect(Object.keys(spread)).toEqual(['ctx', 'input'])
    expect((spread as Record<symbol, unknown>)[symbol]).toBe(true)
  })

  it('parses with zod synchronously to the same value, and throws the same error', async () => {
    const schema = z.object({ plan: z.enum(['basic', 'pro']), count: z.number().int() })
    const parse = syncFirstParser(schema)
    expect(parse({ plan: 'pro', count: 3, extra: 'stripped' })).toEqual({ plan: 'pro', count: 3 })
    const thrown = (() => {
      try {
        parse({ plan: 'gold', count: 1.5 })
      } catch (error) {
        return error
      }
    })()
    const expected = await schema.parseAsync({ plan: 'gold', count: 1.5 }).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(z.ZodError)
    expect((thrown as z.ZodError).issues).toEqual((expected as z.ZodError).issues)
  })

  it('parses a schema with an asynchronous refinement the asynchronous way', async () => {
    const schema = z.string().refine(async (value) => Promise.resolve(value.startsWith('ok')), 'must start with ok')
    const parse = syncFirstParser(schema)
    await expect(Promise.resolve(parse('ok then'))).resolves.toBe('ok then')
    await expect(Promise.resolve(parse('no'))).rejects.toBeInstanceOf(z.ZodError)
  })
})
