import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interview_review_sessions')
    .addColumn('session_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .addColumn('end_reason', 'text')
    .addColumn('question_count', 'integer', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('interview_review_sessions_user')
    .on('interview_review_sessions')
    .columns(['user_id', 'started_at'])
    .execute()

  await db.schema
    .createTable('interview_review_questions')
    .addColumn('question_id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('asked_at', 'timestamptz', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('question_sealed', 'text', (col) => col.notNull())
    .addColumn('answer_sealed', 'text', (col) => col.notNull())
    .addColumn('confidence', 'double precision')
    .addColumn('answer_source', 'text')
    .addColumn('latency_ms', 'integer', (col) => col.notNull())
    .addColumn('rating', 'smallint')
    .addColumn('rating_note_sealed', 'text')
    .addColumn('rated_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('interview_review_questions_session')
    .on('interview_review_questions')
    .columns(['session_id', 'position'])
    .execute()
  await db.schema
    .createIndex('interview_review_questions_user')
    .on('interview_review_questions')
    .columns(['user_id', 'asked_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('interview_review_questions').execute()
  await db.schema.dropTable('interview_review_sessions').execute()
}
