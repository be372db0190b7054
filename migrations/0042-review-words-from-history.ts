import type { Kysely } from 'kysely'

// The review reads a question's words from interview_questions_view (decision 0087, amended): the
// sealed copies here were unsealed on every review, 400 decryptions for a 200-question session.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('interview_review_questions')
    .dropColumn('question_sealed')
    .dropColumn('answer_sealed')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The words are in the event log; a rebuild of interview_review would fill them again.
  await db.schema
    .alterTable('interview_review_questions')
    .addColumn('question_sealed', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('answer_sealed', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
}
