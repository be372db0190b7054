// `npm run support -- replay <projection> --as staff@example.com`: rebuilds a whole view from the log, with progress.
// `npm run support -- replay --user <email|id> [--dry-run] --as staff@example.com`: a person's views, with the diff.
import { parseArgs } from 'node:util'
import type { Runtime } from '#server/runtime.ts'
import { prepareRebuild, rebuildableProjections } from '#server/support/rebuild-projection.ts'
import { replayUser } from '#server/support/replay-user.ts'
import { describeChanges } from './output.ts'
import { withRuntime } from './runtime.ts'
import { CommandRefused, findPerson, staffMember } from './staff.ts'

async function replayPerson(runtime: Runtime, who: string, options: { dryRun: boolean; json: boolean }) {
  const userId = await findPerson(runtime, who)
  const dryRun = await replayUser(runtime, userId, { apply: false })
  const print = (lines: string[]) => {
    for (const line of lines) console.log(line)
  }
  if (options.dryRun) {
    if (options.json) console.log(JSON.stringify(dryRun, null, 2))
    else print([`Dry run for ${who} (${userId}), nothing written:`, ...describeChanges(dryRun)])
    return
  }
  const applied = await replayUser(runtime, userId, { apply: true, expected: dryRun.fingerprint })
  if (options.json) console.log(JSON.stringify(applied, null, 2))
  else print([`Replayed ${who} (${userId}) in one transaction:`, ...describeChanges(applied)])
}

async function rebuildView(runtime: Runtime, name: string, by: string, json: boolean) {
  const run = await prepareRebuild(runtime, name, by)
  const done = await run((progress) => {
    if (json) console.log(JSON.stringify(progress))
    else
      console.log(
        `${progress.projection}: ${progress.eventsDone}/${progress.eventsTotal} events, ${progress.seconds.toFixed(1)} s (${progress.status})`,
      )
  })
  if (!json) console.log(`${name} rebuilt from ${done.eventsDone} events in ${done.seconds.toFixed(1)} s.`)
}

export async function run(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      user: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      as: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  })
  const [view, ...extra] = positionals
  if (extra.length > 0 || (view === undefined) === (values.user === undefined))
    throw new CommandRefused('Name either one view or --user, not both.')
  if (view !== undefined && values['dry-run'])
    throw new CommandRefused('--dry-run is for --user: a whole view rebuilds beside the live one and swaps at the end.')
  if (view !== undefined && !rebuildableProjections().includes(view))
    throw new CommandRefused(`There is no view ${view}; views: ${rebuildableProjections().join(', ')}`)
  return withRuntime(async (runtime) => {
    const by = await staffMember(runtime, values.as)
    if (values.user !== undefined)
      await replayPerson(runtime, values.user, { dryRun: values['dry-run'], json: values.json })
    else if (view !== undefined) await rebuildView(runtime, view, by, values.json)
    return 0
  })
}
