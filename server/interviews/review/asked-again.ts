import { sameTopic, topicWords } from '#rules/repeated-topic.ts'
import { unseal } from '#events/pii/pii-vault.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/** The later questions compared with a session's: enough for months of practice, bounded for the review's time. */
const laterQuestionsRead = 500

/**
 * Whether a question's topic came up again in the person's later ended interviews: the words of
 * the first 500 questions asked after this session ended, compared topic word by topic word.
 */
export async function askedAgainIn(
  scope: SignedInScope,
  session: { session_id: string; ended_at: Date | null },
  key: Buffer | undefined,
) {
  if (session.ended_at === null || key === undefined) return () => false
  const rows = await scope.runtime.db
    .selectFrom('interview_review_questions as question')
    .innerJoin('interview_review_sessions as later', (join) =>
      join.onRef('later.session_id', '=', 'question.session_id').on('later.status', '=', 'ended'),
    )
    .select('question.question_sealed')
    .where('question.user_id', '=', scope.userId)
    .where('question.asked_at', '>', session.ended_at)
    .where('question.session_id', '<>', session.session_id)
    .orderBy('question.asked_at')
    .limit(laterQuestionsRead)
    .execute()
  const later = rows.flatMap((row) => {
    const words = unseal(key, scope.userId, row.question_sealed)
    return words === undefined ? [] : [topicWords(words)]
  })
  return (question: string) => {
    const words = topicWords(question)
    return later.some((laterWords) => sameTopic(words, laterWords))
  }
}
