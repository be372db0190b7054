export type PiiTables = {
  /**
   * One data key per person; erasing it (key null, erased_at set) makes everything sealed with it
   * unreadable, and the keyless row keeps a new key from ever being made for that person.
   */
  user_data_keys: { user_id: string; key: Uint8Array | null; created_at: Date; erased_at: Date | null }
}
