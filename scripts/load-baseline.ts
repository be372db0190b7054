// The ceilings `npm run load` compares the app with, started by it as a process of their own: a bare
// node:http server answering a small JSON body, and the same with one `SELECT 1` through a pg
// Pool(10) per request. It prints one JSON line with both ports and serves until stopped.
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'

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

const ports = { bare: await listen(bare), selectOne: await listen(withSelectOne) }
process.stdout.write(`${JSON.stringify(ports)}\n`)
process.on('SIGTERM', () => {
  void pool.end().finally(() => process.exit(0))
})
