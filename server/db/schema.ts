import type { EventsDatabase } from '#events/database.ts'
import type { AccountTables } from '#server/accounts/tables.ts'
import type { AnalyticsTables } from '#server/analytics/tables.ts'
import type { MailTables } from '#server/mail/tables.ts'
import type { PaymentTables } from '#server/payments/tables.ts'
import type { ContactTables } from '#server/contact/tables.ts'
import type { IdempotencyTables } from '#server/idempotency/tables.ts'
import type { ReleaseTables } from '#server/releases/tables.ts'
import type { SupportOpsTables } from '#server/support/tables.ts'

/** The tables of the services: accounts, mail, payments, analytics, contact, repeated requests and releases. */
type ServerTables = AccountTables &
  MailTables &
  PaymentTables &
  AnalyticsTables &
  ContactTables &
  IdempotencyTables &
  ReleaseTables &
  SupportOpsTables

/** Every table kysely knows about: the events layer's (store, views, keys) and the services'. */
export type Database = EventsDatabase & ServerTables
