/**
 * Upgrading a database that already has sign-ins and erasures: every live refresh family becomes a
 * live session with the person's latest role (nobody is signed out by the upgrade), ended families
 * get none, and every erased person's key row becomes a keyless tombstone — including a key that
 * was wrongly made after their erasure.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#migrations/migrate.ts'
import { migrations } from '#migrations/index.ts'
import { openDatabase } from '#server/db/open-database.ts'

const database = openDatabase({ kind: 'pglite', dataDir: null })
afterAll(() => database.close())

const { db } = database

async function event(userId: string, type: string, data: Record<string, unknown>, position: number) {
  await db
    .insertInto('events')
    .values({
      stream_id: `user-${userId}`,
      stream_position: position,
      type,
      schema_version: 1,
      event_id: randomUUID(),
      user_id: userId,
      data: JSON.stringify(data),
      metadata: JSON.stringify({ actor: { type: 'system' }, userId }),
      created_at: new Date('2026-11-20T10:00:00Z'),
    })
    .execute()
}

async function refreshToken(userId: string, familyId: string, revoked: boolean) {
  await sql`
    insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, rotated_at, revoked_at)
    values (${randomUUID()}, ${userId}, ${familyId}, ${randomUUID()}, now(), now() + interval '30 days', null,
            ${revoked ? sql`now()` : sql`null`})
  `.execute(db)
}

describe('migration 0011-auth-sessions on a database in use', () => {
  it('keeps live sign-ins live with their role, and turns erased people into keyless tombstones', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } })
    const { error } = await migrator.migrateTo('0009-interviews')
    expect(error).toBeUndefined()

    const [staff, plain, erased] = [randomUUID(), randomUUID(), randomUUID()]
    const [staffFamily, plainFamily, endedFamily] = [randomUUID(), randomUUID(), randomUUID()]
    await event(staff, 'RoleChanged', { role: 'support' }, 1)
    await event(staff, 'RoleChanged', { role: 'user' }, 2)
    await event(staff, 'RoleChanged', { role: 'support' }, 3)
    await event(erased, 'UserErased', { requestedBy: 'user' }, 1)
    await refreshToken(staff, staffFamily, false)
    await refreshToken(plain, plainFamily, false)
    await refreshToken(plain, plainFamily, false)
    await refreshToken(plain, endedFamily, true)
    await sql`insert into user_data_keys (user_id, key, created_at) values (${erased}, ${Buffer.alloc(32, 1)}, now()), (${plain}, ${Buffer.alloc(32, 2)}, now())`.execute(
      db,
    )

    await migrateToLatest(db)

    const sessions = await db
      .selectFrom('auth_sessions')
      .select(['id', 'user_id', 'role', 'ended_at'])
      .orderBy('user_id')
      .execute()
    expect(new Set(sessions.map((session) => JSON.stringify(session)))).toEqual(
      new Set(
        [
          { id: staffFamily, user_id: staff, role: 'support', ended_at: null },
          { id: plainFamily, user_id: plain, role: 'user', ended_at: null },
        ].map((session) => JSON.stringify(session)),
      ),
    )
    const keys = await db.selectFrom('user_data_keys').select(['user_id', 'key', 'erased_at']).execute()
    expect(keys.find((row) => row.user_id === erased)).toMatchObject({
      key: null,
      erased_at: expect.any(Date) as unknown,
    })
    expect(keys.find((row) => row.user_id === plain)?.key).not.toBeNull()
  })
})
