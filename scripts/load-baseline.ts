// The ceilings `npm run load` compares the app with, started by it as a process of their own: a bare
// node:http server answering a small JSON body, and the same with one `SELECT 1` through a pg
// Pool(10) per request. Beside them, the floor of the app's own stack: srvx (the server under nitro)
// handing a fetch Request to trpc-to-openapi's handler, made once, for one tRPC procedure with a
// zod input and output and nothing else. It prints one JSON line with the ports and serves until stopped.
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { initTRPC } from '@trpc/server'
import pg from 'pg'
import { FastResponse, serve } from 'srvx'
import { createOpenApiNodeHttpHandler, type NodeHTTPRequest, type OpenApiMeta } from 'trpc-to-openapi'
import { z } from 'zod'

const databaseUrl = process.argv[2]
if (!databaseUrl) throw new Error('usage: node scripts/load-baseline.ts <postgres url>')

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
const body = JSON.stringify({ success: true, data: { ok: true } })
const headers = { 'content-type': 'application/json; charset=utf-8' }

const bare: RequestListener = (_request, response) => {
  response.writeHead(200, headers).end(body)
}

const withSelectOne: RequestListener = (_request, response) => {
  pool.query('SELECT 1').then(
    () => response.writeHead(200, headers).end(body),
    () => response.writeHead(500).end(),
  )
}

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer({ keepAliveTimeout: 60_000 }, listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

const t = initTRPC.meta<OpenApiMeta>().create()
const router = t.router({
  ok: t.procedure
    .meta({ openapi: { method: 'GET', path: '/ok' } })
    .input(z.void())
    .output(z.object({ ok: z.boolean() }))
    .query(() => ({ ok: true })),
})
const handleRest = createOpenApiNodeHttpHandler({ router, createContext: () => ({}) })

/** The REST handler's answer to a fetch Request, as a srvx answer. */
function stackFloor(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api/, '')
  // The handler takes fetch Requests (it checks `instanceof Request`); it reads the path from `url`.
  const seen = new Proxy(request, {
    get: (target, property) => (property === 'url' ? path : (Reflect.get(target, property, target) as unknown)),
  })
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {}
    const response = {
      statusCode: 200,
      setHeader: (name: string, value: string) => (headers[name] = value),
      end: (text: string) => resolve(new FastResponse(text, { status: response.statusCode, headers })),
    }
    handleRest(seen as unknown as NodeHTTPRequest, response as unknown as Parameters<typeof handleRest>[1]).catch(
      reject,
    )
  })
}

async function listenStackFloor(): Promise<number> {
  const server = serve({ port: 0, hostname: '127.0.0.1', silent: true, fetch: stackFloor })
  await server.ready()
  return Number(new URL(server.url ?? '').port)
}

const ports = { bare: await listen(bare), selectOne: await listen(withSelectOne), stackFloor: await listenStackFloor() }
process.stdout.write(`${JSON.stringify(ports)}\n`)
process.on('SIGTERM', () => {
  void pool.end().finally(() => process.exit(0))
})
