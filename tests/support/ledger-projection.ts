import { sql, type Kysely } from 'kysely'
import type { Projection } from '#events/projections/projection.ts'
import type { StoredEvent } from '#events/store/types.ts'

/** Every event a ledger projection applied, in the order it applied them. */
export async function createLedgerTable<Schema>(db: Kysely<Schema>) {
  await sql`create table if not exists test_ledger (
    seq bigserial primary key,
    projection text not null,
    global_position bigint not null
  )`.execute(db)
}

export type LedgerProjection = Projection & {
  /** Stands for a corrected projector being deployed: the poisoned events apply from now on. */
  fix: () => void
}

/**
 * A projection that writes down each event it applies, and refuses the events `poisoned` picks
 * until it is fixed: a projector bug, or an event it cannot handle.
 */
export function ledgerProjection(
  name: string,
  options: { eventTypes?: readonly string[]; poisoned?: (event: StoredEvent) => boolean; batch?: boolean } = {},
): LedgerProjection {
  let fixed = false
  const refuse = (event: StoredEvent) => {
    if (!fixed && options.poisoned?.(event)) throw new Error(`cannot apply ${event.type} by ${String(event.data.by)}`)
  }
  return {
    name,
    version: 1,
    eventTypes: options.eventTypes ?? ['CounterIncremented'],
    ...(options.batch
      ? {
          // All or nothing, like a set-based write that meets a row it cannot take.
          applyBatch: async (trx, events) => {
            events.forEach(refuse)
            if (events.length === 0) return
            const positions = events.map((event) => event.globalPosition)
            await sql`insert into test_ledger (projection, global_position)
              select ${name}, position from unnest(${positions}::bigint[]) with ordinality as applied(position, n) order by n`.execute(
              trx,
            )
          },
        }
      : {}),
    apply: async (trx, event) => {
      refuse(event)
      await sql`insert into test_ledger (projection, global_position) values (${name}, ${event.globalPosition})`.execute(
        trx,
      )
    },
    truncate: async (trx) => {
      await sql`delete from test_ledger where projection = ${name}`.execute(trx)
    },
    fix: () => {
      fixed = true
    },
  }
}

/** The positions a ledger projection applied, in the order it applied them. */
export async function readLedger<Schema>(db: Kysely<Schema>, name: string): Promise<number[]> {
  const { rows } = await sql<{
    global_position: string | number
  }>`select global_position from test_ledger where projection = ${name} order by seq`.execute(db)
  return rows.map((row) => Number(row.global_position))
}
