import type { EventsDatabase } from '#events/database.ts'
import type { EventStore, StoreTransaction } from '#events/store/event-store.ts'

/**
 * Events written as the application writes them, in a unit of work of their own holding one append
 * (decision 0114: the store has no write outside a unit). For fixtures and benchmarks.
 */
export function appendEvents<Tables extends EventsDatabase>(
  store: Pick<EventStore<Tables>, 'transaction'>,
  ...append: Parameters<StoreTransaction['append']>
) {
  return store.transaction((tx) => tx.append(...append))
}
