import type { GeneratedQuestions, InterviewContext } from '#server/ai/ai-schemas.ts'
import type { Difficulty } from '#server/ai/offline/knowledge/schema.ts'
import { classifyQuestion } from '#server/ai/offline/answer/classify.ts'
import { generateQuestions, OFFLINE_TOPIC_LIMIT } from './generate-questions.ts'
import { questionCategory } from '#server/ai/offline/answer/question-category.ts'

type QuestionFields = Pick<GeneratedQuestions, 'questions' | 'notes'>

/** Questions drawn from the knowledge base, blended with the job description when there is one. */
export function questionsFromKnowledgeBase(
  topic: string,
  difficulty: Difficulty,
  count: number,
  context: InterviewContext,
): QuestionFields {
  const result = generateQuestions({
    topic: topic.slice(0, OFFLINE_TOPIC_LIMIT),
    difficulty,
    count,
    jobDescription: context.jobDescription,
  })
  return {
    questions: result.questions.map((question) => ({
      question: question.question,
      category: questionCategory(
        classifyQuestion(question.question, question.category),
        question.question,
        question.category,
      ),
      difficulty: question.difficulty,
      keyPoints: question.keyPoints,
      hint: question.hint,
      sourceId: question.id,
    })),
    notes: result.notes,
  }
}
