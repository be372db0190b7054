import type { PiiTables } from '#events/pii/tables.ts'

export type ContactKeyTables = PiiTables & {
  /** Per-message keys sealing an anonymous sender's data: deleting a row erases that message. */
  contact_message_keys: { message_id: string; key: Uint8Array; created_at: Date }
}
