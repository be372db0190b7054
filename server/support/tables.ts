import type { ColumnType } from 'kysely'

// int8: pg hands it over as a number (server/db/open-database.ts), PGlite as a number or bigint.
type Count = ColumnType<number | bigint, number, number>

export type SupportOpsTables = {
  /** A projection support rebuilt or is rebuilding, with its progress. */
  projection_rebuilds: {
    projection: string
    status: 'running' | 'done' | 'failed'
    events_done: Count
    events_total: Count
    started_by: string
    started_at: Date
    /** Moves with every batch: a rebuild whose process died stops moving, and may be started again. */
    updated_at: Date
    finished_at: Date | null
    error: string | null
  }
}
