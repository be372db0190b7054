import type { InterviewContext, QuestionAnalysis } from '#server/ai/ai-schemas.ts'
import { analyzeRetrieval } from './analyze-question.ts'
import type { QuestionType } from './classify.ts'
import { frameworks } from './question-frameworks.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { OFFLINE_QUESTION_LIMIT } from './question-input.ts'
import { questionCategory } from './question-category.ts'

type AnalysisFields = Omit<QuestionAnalysis, 'provider' | 'model' | 'latencyMs' | 'usage'>

function listOf(topics: readonly string[]): string {
  const shown = topics.slice(0, 3)
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`
}

function intentFor(type: QuestionType, topics: readonly string[]): string {
  const about = topics.length > 0 ? ` ${listOf(topics)}` : ''
  switch (type) {
    case 'technical':
      return `Whether you understand${about || ' the concept'} well enough to explain how it works, give an example and weigh the trade-offs.`
    case 'coding':
      return `Whether you can turn a problem${about ? ` about${about}` : ''} into correct code: clarify it, choose an approach, state its complexity and test it.`
    case 'system-design':
      return `Whether you can design a system${about ? ` around${about}` : ''}: gather requirements, estimate scale, choose components and defend the trade-offs.`
    case 'behavioural':
      // Behavioural topics are the story's theme, not concepts to name back to the candidate.
      return 'How you have actually behaved at work in a situation like this: what you did yourself, why, and what came of it.'
  }
}

const followUps: Readonly<Record<QuestionType, (topic: string | undefined) => string[]>> = {
  technical: (topic) =>
    topic
      ? [`What are the trade-offs of ${topic}?`, `When would you not use ${topic}?`]
      : ['What are the trade-offs?', 'Where have you used this in practice?'],
  coding: () => [
    'What are the time and space complexity of your solution?',
    'How would you test it, and which edge cases matter?',
    'Can you do better?',
  ],
  'system-design': () => [
    'How would it handle ten times the traffic?',
    'What fails first, and how does the system recover?',
  ],
  behavioural: () => ['What would you do differently now?', 'What did you learn from it?'],
}

/** Category, intent, concepts, an outline and follow-ups, from the knowledge base's retrieval. */
export function analyzeWithKnowledgeBase(question: string, context: InterviewContext): AnalysisFields {
  const text = question.slice(0, OFFLINE_QUESTION_LIMIT)
  const retrieval = findAnswers(text, context, { limit: 6 })
  const analysis = analyzeRetrieval(text, context, retrieval)
  const best = retrieval.best
  const related = analysis.relatedQuestions.map((r) => r.question)
  return {
    category: questionCategory(analysis.type, text, analysis.category),
    difficulty: analysis.difficulty,
    intent: intentFor(analysis.type, analysis.keyTopics),
    keyConcepts: analysis.keyTopics,
    // A matched entry's key points are what a strong answer covers, in the order it covers them.
    answerOutline: best ? [...best.entry.keyPoints] : [...frameworks[analysis.type].steps],
    followUpQuestions: [...followUps[analysis.type](analysis.keyTopics[0]), ...related.slice(0, 2)],
    type: analysis.type,
    suggestedApproach: analysis.suggestedApproach,
    relatedQuestions: analysis.relatedQuestions,
    confidence: analysis.confidence,
  }
}
