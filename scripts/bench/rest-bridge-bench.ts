// `npx node scripts/bench/rest-bridge-bench.ts [commit]`: REST calls (a GET, two POSTs) through the
// bridge as it is (a plain Request of the path, with the query and the body the bridge parsed as its
// own fields) against the bridge at another commit (by default the one before decision 0122: a Proxy
// over the request handing the adapter the value already parsed), in one run.
// The bridge before is taken from git at the commit given (default: the one before the change)
// into a file beside the current one for the run. A benchmark, not a test: it never fails on a number.
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { createRestHandler } from '#server/rest/create-rest-handler.ts'
import type { Context } from '#server/trpc/context.ts'
import { publicProcedure, router } from '#server/trpc/init.ts'

const before = process.argv[2] ?? '0392d6de6ba0dd8a5d543e3d9414056ed0f384d9'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const oldFile = path.join(root, 'server/rest/create-rest-handler.bench-before.ts')

const testRouter = router({
  create: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/things/create' } })
    .input(z.object({ name: z.string(), notes: z.array(z.object({ index: z.number(), text: z.string() })) }))
    .output(z.object({ count: z.number() }))
    .mutation(({ input }) => ({ count: input.notes.length })),
  read: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/things/read' } })
    .input(z.object({ name: z.string() }))
    .output(z.object({ name: z.string() }))
    .query(({ input }) => ({ name: input.name })),
})
const options = {
  router: testRouter,
  endpoint: '/api' as const,
  createContext: (): Promise<Context> => Promise.resolve({} as Context),
}

function sampleBody(items: number): Uint8Array<ArrayBuffer> {
  const body = { name: 'Ada', notes: Array.from({ length: items }, (_, index) => ({ index, text: `note ${index}` })) }
  return new TextEncoder().encode(JSON.stringify(body))
}

async function microsPerCall(rounds: number, call: () => Promise<unknown>): Promise<number> {
  for (let index = 0; index < Math.min(rounds, 200); index += 1) await call()
  const started = process.hrtime.bigint()
  for (let index = 0; index < rounds; index += 1) await call()
  return Number(process.hrtime.bigint() - started) / 1000 / rounds
}

const median = (runs: number[]) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0

writeFileSync(oldFile, execFileSync('git', ['show', `${before}:server/rest/create-rest-handler.ts`], { cwd: root }))
try {
  // The file is the bridge's own module at an earlier commit: it exports the same function.
  const old = (await import(oldFile)) as { createRestHandler: typeof createRestHandler }
  const handlers = { before: old.createRestHandler(options), after: createRestHandler(options) }
  console.log(`REST bridge: one call through the whole bridge, µs per call (median of 5 runs, taking turns)`)
  // A client's usual headers: the bridge's cost for a GET grew with what it copied of them.
  const clientHeaders = {
    accept: 'application/json',
    authorization: `Bearer ${'x'.repeat(200)}`,
    'user-agent': 'bench',
  }
  const cases = [
    {
      label: 'GET with a query',
      rounds: 3000,
      request: () => new Request('http://localhost/api/things/read?name=Ada', { headers: clientHeaders }),
    },
    ...[5, 1500].map((items) => {
      const bytes = sampleBody(items)
      return {
        label: `${bytes.byteLength}-byte POST`,
        rounds: items > 100 ? 300 : 3000,
        request: () =>
          new Request('http://localhost/api/things/create', {
            method: 'POST',
            headers: { ...clientHeaders, 'content-type': 'application/json' },
            body: bytes,
          }),
      }
    }),
  ]
  for (const { label, rounds, request } of cases) {
    const calls = Object.fromEntries(
      Object.entries(handlers).map(([name, handle]) => [
        name,
        async () => {
          const answer = await handle(request())
          if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${await answer.text()}`)
        },
      ]),
    )
    const runs: Record<string, number[]> = { before: [], after: [] }
    for (let run = 0; run < 5; run += 1)
      for (const name of ['before', 'after']) {
        const call = calls[name]
        if (call) runs[name]?.push(await microsPerCall(rounds, call))
      }
    const [was, is] = [median(runs.before ?? []), median(runs.after ?? [])]
    console.log(
      `  ${label.padEnd(18)}: before (${before.slice(0, 7)}) ${was.toFixed(1)}, after ${is.toFixed(1)}` +
        ` (${is >= was ? '+' : ''}${(is - was).toFixed(1)})`,
    )
  }
} finally {
  rmSync(oldFile, { force: true })
}
