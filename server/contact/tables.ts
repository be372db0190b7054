export type ContactTables = {
  /** Per-message keys sealing an anonymous sender's data: deleting a row erases that message. */
  contact_message_keys: { message_id: string; key: Uint8Array; created_at: Date }
  /** What the mail reactor has already queued, by event id: a replay or rebuild never mails twice. */
  contact_mail_reactions: { event_id: string; message_id: string; enqueued_at: Date }
}
