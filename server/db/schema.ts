import type { EventStoreTables } from '#events/store/tables.ts'
import type { ViewTables } from '#events/projections/view-tables.ts'
import type { AccountTables } from '#server/accounts/tables.ts'
import type { AnalyticsTables } from '#server/analytics/tables.ts'
import type { MailTables } from '#server/mail/tables.ts'
import type { PaymentTables } from '#server/payments/tables.ts'
import type { ContactTables } from '#server/contact/tables.ts'

/** Every table kysely knows about: the event store's own, the write model's, and the projected views. */
export type Database = EventStoreTables &
  AccountTables &
  MailTables &
  PaymentTables &
  AnalyticsTables &
  ViewTables &
  ContactTables
