import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { z } from 'zod'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import migrateBundle from '#scripts/migrate.vite.config.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { slowClientBounds } from '#server/http/server-timeouts.ts'
import { handoverLimitMs } from '#server/http/stop-handover.ts'

// Docker is not available where the tests run: the files are checked, not run. The compose file
// against the Compose Specification's schema (vendored, deploy/schema/README.md), and against
// what the app reads.

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8')

const dependency = z.object({
  condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']),
})
const service = z.object({
  image: z.string().optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  env_file: z.string().optional(),
  depends_on: z.record(z.string(), dependency).optional(),
  volumes: z.array(z.string()).optional(),
})
const composeFile = z.object({ services: z.record(z.string(), service) })

const composeText = read('compose.yaml')
// compose.yaml shares the app's settings between `migrate` and `app` with a YAML merge key.
const compose: unknown = parse(composeText, { merge: true })
const services = composeFile.parse(compose).services
const serviceNamed = (name: string) => {
  const found = services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}

/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}`; `$${…}` is a literal dollar for the container's shell. */
const interpolated = new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)/g)].map((match) => match[1] ?? ''))

/** Each `NAME=` in the example, set or commented out (`# NAME=…`). */
const exampleVariables = new Set(
  [...read('.env.production.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? ''),
)

/** The variables app.config.ts's schema reads: the keys of `envSchema`'s object, one per line. */
function appConfigVariables(): Set<string> {
  const source = read('app.config.ts')
  const start = source.indexOf('const envSchema = z')
  const end = source.indexOf('.superRefine(', start)
  if (start < 0 || end < 0) throw new Error('app.config.ts: envSchema = z.object({…}).superRefine(…) not found')
  return new Set([...source.slice(start, end).matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? ''))
}
const appVariables = appConfigVariables()

describe('compose.yaml', () => {
  it('is valid under the Compose Specification schema', () => {
    const schema = z.record(z.string(), z.unknown()).parse(JSON.parse(read('deploy/schema/compose-spec.json')))
    // The schema names draft-07 by its https address, which Ajv does not know: draft-07 is Ajv's own default.
    expect(schema.$schema).toBe('https://json-schema.org/draft-07/schema')
    const ajv = new Ajv({ allErrors: true, strict: false })
    const validate = ajv.compile({ ...schema, $schema: undefined })
    validate(compose)
    expect(validate.errors ?? []).toEqual([])
  })

  it('takes every variable it interpolates from .env, and the example lists each of them', () => {
    expect(interpolated.size).toBeGreaterThan(0)
    expect([...interpolated].filter((name) => !exampleVariables.has(name))).toEqual([])
  })

  it('lists in the example only variables compose or the app reads', () => {
    expect([...exampleVariables].filter((name) => !interpolated.has(name) && !appVariables.has(name))).toEqual([])
  })

  it('gives the app and the migrate service only variables app.config.ts reads', () => {
    for (const name of ['app', 'migrate']) {
      const { environment = {}, env_file } = serviceNamed(name)
      expect(env_file).toBe('.env')
      expect(Object.keys(environment).filter((variable) => !appVariables.has(variable))).toEqual([])
    }
  })

  it('migrates once: the replicas wait for the one-shot migrate service and never migrate themselves', () => {
    const app = serviceNamed('app')
    expect(app.depends_on?.migrate?.condition).toBe('service_completed_successfully')
    expect(app.environment?.MIGRATE_ON_BOOT).toBe('0')
    const migrate = serviceNamed('migrate')
    expect(migrate.image).toBe(app.image)
    // The command runs the bundle scripts/migrate.vite.config.ts builds into .output/server/migrate/.
    const output = migrateBundle.build?.rolldownOptions?.output
    const entry = output && !Array.isArray(output) ? output.entryFileNames : undefined
    const outDir = migrateBundle.build?.outDir ?? ''
    expect(migrate.command).toEqual(['node', `${path.relative('.output', outDir)}/${String(entry)}`])
  })

  it('points the app at the inngest service and the Inngest server at the proxy’s internal sync URL', () => {
    expect(serviceNamed('app').environment?.INNGEST_BASE_URL).toBe('http://inngest:8288')
    const inngest = serviceNamed('inngest')
    expect(inngest.command?.slice(0, 2)).toEqual(['inngest', 'start'])
    expect(inngest.command).toContain('--sdk-url=http://proxy:8080/api/inngest')
    expect(inngest.command?.some((flag) => flag.startsWith('--postgres-uri=postgres://'))).toBe(true)
    expect(inngest.command).toContain('--redis-uri=redis://redis:6379')
    expect(Object.keys(inngest.environment ?? {}).toSorted()).toEqual(['INNGEST_EVENT_KEY', 'INNGEST_SIGNING_KEY'])
  })
})

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile')

  it('is the file the proxy service mounts', () => {
    expect(serviceNamed('proxy').volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro')
  })

  it('lets through every body the app accepts, so the app answers its own 413', () => {
    const sizes = [...caddyfile.matchAll(/max_size (\d+)MB/g)].map((match) => Number(match[1]) * 1024 * 1024)
    expect(sizes.length).toBeGreaterThan(0)
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(Math.max(...Object.values(bodyLimits)))
  })

  it('flushes the answer streams at once and trusts no X-Forwarded-For a client sends', () => {
    expect(caddyfile).toMatch(
      /@answerStreams path \/api\/interview\/question\/stream \/api\/interview\/audio-question\n/,
    )
    expect(caddyfile).toMatch(/handle @answerStreams \{\s*reverse_proxy \{[^}]*flush_interval -1/)
    // Without trusted proxies Caddy replaces the header with the connection's address
    // (tests/fault/proxy.test.ts checks it through a running Caddy).
    expect(caddyfile).not.toMatch(/^\s*trusted_proxies/m)
    expect(caddyfile).toContain('handle /api/inngest')
  })

  it('sends every request of a streamed utterance to the replica that opened it, and flushes its answer', () => {
    // The open, blocks, end and cancel (server/routes/utterance-routes.ts); the cookie keeps them
    // on one replica (tests/fault/utterance-affinity.test.ts checks it through a running Caddy).
    expect(caddyfile).toMatch(/@utterances path \/api\/interview\/utterances \/api\/interview\/utterances\/\*\n/)
    expect(caddyfile).toMatch(
      /handle @utterances \{\s*reverse_proxy \{\s*import replicas\s*lb_policy cookie ih_replica\s*flush_interval -1\s*\}/,
    )
    // Every other route spreads its requests; Caddy takes one lb_policy per proxy, so the shared
    // snippet names none.
    const snippet = /\(replicas\) \{[^]*?\n\}/.exec(caddyfile)?.[0] ?? ''
    expect(snippet).toContain('to {$APP_UPSTREAMS}')
    expect(snippet).not.toMatch(/^\s*lb_policy/m)
    const policies = [...caddyfile.matchAll(/^\s*lb_policy (.+)$/gm)].map((match) => match[1])
    expect(policies).toEqual(['cookie ih_replica', 'round_robin', 'round_robin', 'round_robin'])
  })

  it("lets its kept-alive connections to the app go before the app's idle timeout closes them", () => {
    const keepalive = /transport http \{\s*keepalive (\d+)s\s*\}/.exec(caddyfile)?.[1]
    expect(Number(keepalive) * 1000).toBeLessThan(slowClientBounds.idleMs)
  })

  it('polls the health checks often enough that a stopping replica hands over well within its limit', () => {
    // A stopping replica keeps serving until the proxy polled its 503 (at most handoverLimitMs):
    // two polls must fit, so a check that was just missed is not the last chance.
    const interval = /health_interval (\d+)s/.exec(caddyfile)?.[1]
    expect(Number(interval) * 1000 * 2).toBeLessThanOrEqual(handoverLimitMs)
    // Docker waits this long before SIGKILL: the handover, 10 s of drain and 10 s to close fit.
    const grace = /stop_grace_period: (\d+)s/.exec(composeText)?.[1]
    expect(Number(grace) * 1000).toBeGreaterThanOrEqual(handoverLimitMs + 20_000)
  })

  it('is given one upstream per replica compose runs', () => {
    const upstreams = /\$\{APP_UPSTREAMS:-([^}]+)\}/.exec(serviceNamed('proxy').environment?.APP_UPSTREAMS ?? '')?.[1]
    const replicas = z
      .object({ services: z.object({ app: z.object({ deploy: z.object({ replicas: z.number() }) }) }) })
      .parse(compose).services.app.deploy.replicas
    expect(upstreams?.split(' ')).toEqual(
      Array.from({ length: replicas }, (_, n) => `interview-helper-app-${n + 1}:3000`),
    )
    expect(caddyfile).toContain('to {$APP_UPSTREAMS}')
  })
})

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))

  it('builds every stage on Node 24', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-[a-z-]+$/m)
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual([
      '${NODE_IMAGE}',
      '${NODE_IMAGE}',
    ])
  })

  it('runs the built server as a user other than root, with a health check on /api/health', () => {
    expect(runtimeStage).toMatch(/^USER (?!root\b|0\b)\S+$/m)
    expect(runtimeStage).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m)
    expect(runtimeStage).toContain('CMD ["node", "server/index.mjs"]')
    expect(runtimeStage).toContain('COPY --from=build /src/.output ./')
  })

  it('keeps secrets, local data and installed modules out of the build context', () => {
    const ignored = read('.dockerignore').split('\n')
    for (const entry of ['.env', '.env.*', '.data', 'node_modules', '.output', '.git']) expect(ignored).toContain(entry)
  })
})
