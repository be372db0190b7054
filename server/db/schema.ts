import type { EventStoreTables } from '../../events/store/tables.ts'
import type { ViewTables } from '../../events/projections/view-tables.ts'

/** Every table kysely knows about: the event store's own, and the projected views. */
export type Database = EventStoreTables & ViewTables
