import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interview_sessions_view')
    .addColumn('session_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('plan_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .addColumn('questions_asked', 'integer', (col) => col.notNull())
    .addColumn('counted', 'boolean')
    .addColumn('last_activity_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('interview_sessions_view_user')
    .on('interview_sessions_view')
    .columns(['user_id', 'started_at'])
    .execute()

  await db.schema
    .createTable('interview_questions_view')
    .addColumn('question_id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('question', 'text')
    .addColumn('answer', 'text')
    .addColumn('transcript', 'text')
    .addColumn('context_used', 'boolean', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('latency_ms', 'integer', (col) => col.notNull())
    .addColumn('total_tokens', 'integer', (col) => col.notNull())
    .addColumn('asked_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('interview_questions_view_session')
    .on('interview_questions_view')
    .columns(['session_id', 'asked_at'])
    .execute()

  await db.schema
    .createTable('usage_periods_view')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('plan_type', 'text', (col) => col.notNull())
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('included', 'integer', (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull())
    .addColumn('given_back', 'integer', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('usage_periods_view_user')
    .on('usage_periods_view')
    .columns(['user_id', 'period_start'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_periods_view').execute()
  await db.schema.dropTable('interview_questions_view').execute()
  await db.schema.dropTable('interview_sessions_view').execute()
}
