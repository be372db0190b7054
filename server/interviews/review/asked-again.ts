import { sameTopic, topicWords } from '#rules/repeated-topic.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/** The later questions compared with a session's: enough for months of practice, bounded for the review's time. */
const laterQuestionsRead = 500

/**
 * Whether a question's topic came up again in the person's later interviews: the words of the
 * first 500 questions asked after this session ended (from the history view, where they are kept
 * unsealed until erasure), compared topic word by topic word.
 */
export async function askedAgainIn(scope: SignedInScope, sessionId: string) {
  const { db } = scope.runtime
  const endOfSession = db
    .selectFrom('interview_review_sessions')
    .select('ended_at')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', scope.userId)
  // The next questions by the (user_id, asked_at) index first, then their words by key: the planner
  // cannot know how many follow the session's end and would otherwise hash every question of the person.
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('interview_review_questions')
        .select('question_id')
        .where('user_id', '=', scope.userId)
        .where('asked_at', '>', endOfSession)
        .where('session_id', '<>', sessionId)
        .orderBy('asked_at')
        .limit(laterQuestionsRead)
        .as('later'),
    )
    .innerJoin('interview_questions_view as words', 'words.question_id', 'later.question_id')
    .select('words.question')
    .execute()
  const later = rows.flatMap((row) => (row.question === null ? [] : [topicWords(row.question)]))
  return (question: string) => {
    const words = topicWords(question)
    return later.some((laterWords) => sameTopic(words, laterWords))
  }
}
