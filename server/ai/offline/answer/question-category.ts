import type { QuestionCategory } from '#server/ai/ai-schemas.ts'
import type { QuestionType } from './classify.ts'
import type { Category } from '#server/ai/offline/knowledge/schema.ts'

const hypothetical =
  /\b(what would you do if|how would you (handle|deal with|respond to|react to)|imagine|suppose|what if)\b/i

/** The engine's question category from the offline engine's type and knowledge-base category. */
export function questionCategory(
  type: QuestionType,
  question: string,
  knowledgeCategory: Category | 'general',
): QuestionCategory {
  switch (type) {
    case 'behavioural':
      return hypothetical.test(question) ? 'situational' : 'behavioral'
    case 'system-design':
      return 'system-design'
    case 'coding':
      return 'coding'
    case 'technical':
      return knowledgeCategory === 'general' ? 'general' : 'technical'
  }
}
