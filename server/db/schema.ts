import type { EventStoreTables } from '../../events/store/tables.ts'
import type { ViewTables } from '../../events/projections/view-tables.ts'
import type { AccountTables } from '../accounts/tables.ts'
import type { AnalyticsTables } from '../analytics/tables.ts'
import type { MailTables } from '../mail/tables.ts'
import type { PaymentTables } from '../payments/tables.ts'
import type { ContactTables } from '../contact/tables.ts'

/** Every table kysely knows about: the event store's own, the write model's, and the projected views. */
export type Database = EventStoreTables &
  AccountTables &
  MailTables &
  PaymentTables &
  AnalyticsTables &
  ViewTables &
  ContactTables
