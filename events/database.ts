import type { ContactKeyTables } from './contact/tables.ts'
import type { InvoiceSeriesTables } from './invoices/tables.ts'
import type { PiiTables } from './pii/tables.ts'
import type { ViewTables } from './projections/view-tables.ts'
import type { EventStoreTables } from './store/tables.ts'

/**
 * The tables the events layer reads and writes: the store's own, the projected views and the
 * keys that seal personal data. The application's database extends it with its own tables.
 */
export type EventsDatabase = EventStoreTables & ViewTables & PiiTables & ContactKeyTables & InvoiceSeriesTables
