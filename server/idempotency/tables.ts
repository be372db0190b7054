export type IdempotencyTables = {
  /** The first answer to a person's Idempotency-Key, while it runs and for 24 hours after. */
  idempotency_keys: {
    user_id: string
    key: string
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    fingerprint: string
    status: 'running' | 'done'
    response_status: number | null
    response_content_type: string | null
    /** Sealed with the person's data key. */
    response_body: string | null
    created_at: Date
    /** The server running the request while 'running'; null on claims older than the column. */
    instance_id: string | null
  }
  /** Each running server and when it last said it was alive. */
  server_instances: {
    id: string
    alive_at: Date
  }
}
