export type ContactTables = {
  /** What the mail reactor has already queued, by event id: a replay or rebuild never mails twice. */
  contact_mail_reactions: { event_id: string; message_id: string; enqueued_at: Date }
}
