export type PiiTables = {
  /** One data key per person; deleting the row erases everything sealed with it. */
  user_data_keys: { user_id: string; key: Uint8Array; created_at: Date }
}
