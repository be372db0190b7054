import { contactMessageReceived } from '#events/contact/contact-message.ts'
import { openContactMessage } from '#events/contact/contact-keys.ts'
import { DomainError } from '#events/domain-error.ts'
import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import { secretFields } from '#events/users/second-step.ts'
import { supportAuditStreamId } from '#events/support/support-audit.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { isSealed, valueAt } from './masking.ts'
import { supportedPerson } from './person.ts'
import { supportMetadata, type SupportStaff } from './support-staff.ts'

export type RevealRequest = { userId: string; eventId: string; field: string; reason: string }

/**
 * Opens one masked field of one of the person's events. The reading is recorded (who, why, which
 * field of which event) before the value is returned, and is recorded even when the value is
 * gone: an attempt to read an erased person's data is worth knowing about too.
 */
export async function revealField(runtime: Runtime, staff: SupportStaff, request: RevealRequest) {
  const person = await supportedPerson(runtime.db, request.userId)
  const row = await runtime.db
    .selectFrom('events')
    .select(['type', 'schema_version', 'data'])
    .where('event_id', '=', request.eventId)
    .where('user_id', '=', person.userId)
    .executeTakeFirst()
  if (!row) throw new DomainError('not-found', `There is no event ${request.eventId} in this person's history`)
  const data = runtime.store.registry.upcast(row.type, row.schema_version, row.data)
  const sealed = valueAt(data, request.field)
  if (!isSealed(sealed))
    throw new DomainError('bad-request', `${request.field} is not a masked field of this event: nothing to reveal`)
  if (secretFields[row.type]?.includes(request.field))
    throw new DomainError('bad-request', `${request.field} is a secret of two-step sign-in: no one may reveal it`)
  await runtime.store.transaction((tx) =>
    tx.append(
      supportAuditStreamId(person.userId),
      'any',
      [
        {
          type: 'SupportFieldRevealed',
          data: {
            via: staff.via,
            eventId: request.eventId,
            eventType: row.type,
            field: request.field,
            reason: request.reason,
          },
        },
      ],
      supportMetadata(staff, person.userId),
    ),
  )
  const value = await openSealed(runtime, person.userId, row.type, data, request.field, sealed)
  return { eventId: request.eventId, field: request.field, value: value ?? null, erased: value === undefined }
}

/** The person's key opens their values; a contact message sent signed out has a key of its own. */
async function openSealed(
  runtime: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  field: string,
  sealed: string,
): Promise<string | undefined> {
  if (type === contactMessageReceived.type) {
    const message = await openContactMessage(runtime.db, contactMessageReceived.schema.parse(data))
    const opened: unknown = message ? valueAt(message, field) : undefined
    return typeof opened === 'string' ? opened : undefined
  }
  return unseal(await keyFor(runtime.db, userId), userId, sealed)
}
