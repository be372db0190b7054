import { randomUUID } from 'node:crypto'
import { systemClock, type Clock } from '#events/clock.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import type { StoredEvent } from '#events/store/types.ts'
import { registerUser } from '#server/accounts/register-user.ts'
import type { AppDatabase } from '#server/db/open-database.ts'
import type { Database } from '#server/db/schema.ts'

/**
 * Registers a person straight through the store, past the input boundary, as an older release
 * could have: `lastName: 'x\u0000'` gives a registration no view can store. Answers the event.
 */
export async function registerDirectly(
  target: { db: AppDatabase['db'] } | { store: EventStore<Database> },
  lastName: string,
  clock: Clock = systemClock,
): Promise<StoredEvent> {
  const store =
    'store' in target ? target.store : createEventStore<Database>({ db: target.db, registry: eventRegistry, clock })
  const userId = randomUUID()
  const user = {
    userId,
    email: `${userId}@example.test`,
    firstName: 'Eve',
    lastName,
    avatarUrl: null,
    provider: 'password' as const,
    providerUserId: null,
    emailConfirmed: false,
  }
  await store.transaction((tx) => registerUser(tx, user, { actor: { type: 'anonymous' }, userId }))
  const [registered] = await store.readByUser(userId)
  if (!registered) throw new Error('the registration was not written')
  return registered
}
