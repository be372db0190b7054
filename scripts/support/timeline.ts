import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import type { Runtime } from '#server/runtime.types.ts'
import { readTimeline } from '#server/support/timeline/read-timeline.ts'
import { timelineFilters } from '#server/support/timeline/timeline-filters.ts'
import { withRuntime } from './runtime.ts'
import { CommandRefused, findPerson, staffMember } from './staff.ts'

/**
 * A person's timeline from a shell, with the web console's rules: personal data masked, and the
 * reading recorded as the staff member named by --as. Prints every page; --limit stops sooner.
 */
export async function showTimeline(
  runtime: Runtime,
  args: readonly string[],
  print: (line: string) => void,
): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      as: { type: 'string' },
      type: { type: 'string', multiple: true },
      stream: { type: 'string', multiple: true },
      correlation: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  })
  const who = positionals[0]
  if (!who) throw new CommandRefused('Name the person: an e-mail address or a user id.')
  const parsed = timelineFilters.safeParse({
    types: values.type ?? [],
    streams: values.stream ?? [],
    from: values.from,
    to: values.to,
    correlationId: values.correlation,
  })
  if (!parsed.success)
    throw new CommandRefused(
      `Invalid filters: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit)
  if (!(limit > 0)) throw new CommandRefused('--limit must be a positive number')
  const staffId = await staffMember(runtime, values.as)
  const userId = await findPerson(runtime, who)
  const staff = { staffId, via: 'cli' as const, requestId: `cli-${randomUUID()}` }
  let after: string | undefined
  let shown = 0
  do {
    const page = await readTimeline(runtime, staff, {
      userId,
      filters: parsed.data,
      after,
      limit: Math.min(500, limit - shown),
    })
    if (after === undefined && !values.json)
      print(`Timeline of ${userId}${page.erasedAt ? ` (erased ${page.erasedAt})` : ''}; personal data masked.`)
    for (const event of page.events) {
      print(values.json ? JSON.stringify(event) : describe(event))
      shown += 1
    }
    after = page.nextCursor ?? undefined
  } while (after !== undefined && shown < limit)
}

type Entry = Awaited<ReturnType<typeof readTimeline>>['events'][number]

function describe(event: Entry): string {
  const actor = event.actor.id ? `${event.actor.type}:${event.actor.id}` : event.actor.type
  const ids = [
    event.requestId ? `request ${event.requestId}` : null,
    event.correlationId ? `correlation ${event.correlationId}` : null,
    event.causationId ? `cause ${event.causationId}` : null,
  ].filter((part) => part !== null)
  return `${event.createdAt}  ${event.type.padEnd(24)} ${event.streamId}  by ${actor}  ${ids.join(', ')}\n    ${JSON.stringify(event.data)}`
}

/** `npm run support -- timeline …` on the configured database. */
export function run(args: readonly string[]): Promise<number> {
  return withRuntime(async (runtime) => {
    await showTimeline(runtime, args, (line) => console.log(line))
    return 0
  })
}
