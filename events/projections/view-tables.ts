import type { UserActivityTable } from './user-activity.ts'

/** The projected views' tables, for kysely's types. Each projection file defines its own. */
export type ViewTables = {
  user_activity: UserActivityTable
}
