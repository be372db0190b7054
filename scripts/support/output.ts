import type { UserReplay } from '#server/support/replay-user.ts'

const shown = (value: unknown) => JSON.stringify(value ?? null)

/** A replay's changes as lines an operator reads: one per row, with its columns' before → after. */
export function describeChanges(replay: UserReplay): string[] {
  if (replay.changes.length === 0) return ['No differences: the views already hold what the events say.']
  return replay.changes.map((change) => {
    const row = `${change.table} ${change.key}`
    if (change.change === 'added') return `+ ${row}: missing, would be added ${shown(change.after)}`
    if (change.change === 'removed') return `- ${row}: not in the events, would be removed ${shown(change.before)}`
    const columns = change.columns.map((column) => `${column.column} ${shown(column.before)} → ${shown(column.after)}`)
    return `~ ${row}: ${columns.join('; ')}`
  })
}
