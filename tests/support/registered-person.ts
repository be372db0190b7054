import { randomUUID } from 'node:crypto'
import type { PlanId } from '#app.config.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import type { EventMetadata } from '#events/store/types.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { actingAs, type SignedInScope } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.ts'
import { grantPlan } from './test-runtime.ts'

/** A confirmed person registered through the user aggregate, with a paid plan, acting as themselves. */
export async function registeredPerson(runtime: Runtime, planType: PlanId): Promise<SignedInScope> {
  const userId = randomUUID()
  const scope = actingAs({ runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)
  await registerConfirmed(runtime, userId, scope.metadata())
  await grantPlan(runtime, userId, planType)
  return scope
}

/** Registers a confirmed person (no plan) through the user aggregate, the way sign-up does. */
export function registerConfirmed(runtime: Runtime, userId: string, metadata: EventMetadata): Promise<void> {
  return runtime.store.transaction(async (tx) => {
    const key = await ensureKeyFor(tx.db, userId)
    await userCommands.handle(
      tx,
      userId,
      {
        type: 'Register',
        userId,
        email: seal(key, userId, `${userId}@example.com`),
        firstName: seal(key, userId, 'Grace'),
        lastName: seal(key, userId, 'Hopper'),
        avatarUrl: null,
        provider: 'password',
        providerUserId: null,
        emailConfirmed: true,
      },
      metadata,
    )
  })
}
