import type { Migration } from 'kysely/migration'
import * as eventStore from './0001-event-store.ts'
import * as userActivity from './0002-user-activity-view.ts'

/** Listed statically (not read from the folder) so the bundled server carries them. Order = name order. */
export const migrations: Record<string, Migration> = {
  '0001-event-store': eventStore,
  '0002-user-activity-view': userActivity,
}
