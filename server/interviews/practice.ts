import { DomainError } from '#events/domain-error.ts'
import { practiceStreamId } from '#events/interviews/interview-session.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import type { Difficulty, InterviewContext } from '#server/ai/ai-schemas.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { callAi } from './ai-calls.ts'
import { gatedContext } from './context-gate.ts'
import { requireFeature } from './feature-gates.ts'
import { planAccess } from './plan-access.ts'

export const practiceFailures = {
  generate: 'Failed to generate questions',
  improve: 'Failed to improve communication',
  analyze: 'Failed to analyze question',
} as const

export const practicePlanRequired =
  "You don't have an active plan. Choose a plan on the pricing page to use the practice tools."

async function requirePlan(scope: SignedInScope) {
  const access = await planAccess(scope)
  if (!access.active) throw new DomainError('no-active-plan', practicePlanRequired)
  return access
}

/** Practice questions by topic and difficulty; they do not use an interview. */
export async function generateQuestions(
  scope: SignedInScope,
  input: { topic: string; difficulty: Difficulty; count: number; context?: InterviewContext | undefined },
) {
  const access = await requirePlan(scope)
  requireFeature(access.features, access.planType, 'chat')
  const context = gatedContext(access, input.context)
  const result = await callAi(practiceFailures.generate, () =>
    scope.runtime.ai.generateQuestions({ ...input, context }),
  )
  await scope.runtime.store.transaction(async (tx) => {
    const key = await ensureKeyFor(tx.db, scope.userId)
    await tx.append(
      practiceStreamId(scope.userId),
      'any',
      [
        {
          type: 'QuestionsGenerated',
          data: {
            topic: seal(key, scope.userId, input.topic),
            difficulty: input.difficulty,
            count: result.questions.length,
            provider: result.provider,
            model: result.model,
            latencyMs: result.latencyMs,
          },
        },
      ],
      scope.metadata(),
    )
  })
  return result
}

/** Feedback on how an answer was said (context feedback is a Pro feature). */
export async function improveCommunication(
  scope: SignedInScope,
  input: { response: string; context?: InterviewContext | undefined },
) {
  const access = await requirePlan(scope)
  requireFeature(access.features, access.planType, 'advancedAI')
  const context = gatedContext(access, input.context)
  const result = await callAi(practiceFailures.improve, () =>
    scope.runtime.ai.improveCommunication({ response: input.response, context }),
  )
  await scope.runtime.store.transaction((tx) =>
    tx.append(
      practiceStreamId(scope.userId),
      'any',
      [
        {
          type: 'CommunicationImproved',
          data: {
            score: result.score,
            responseWords: input.response.split(/\s+/).filter(Boolean).length,
            provider: result.provider,
            model: result.model,
            latencyMs: result.latencyMs,
          },
        },
      ],
      scope.metadata(),
    ),
  )
  return result
}

/** What a question is testing and how to structure the answer. */
export async function analyzeQuestion(
  scope: SignedInScope,
  input: { question: string; context?: InterviewContext | undefined },
) {
  const access = await requirePlan(scope)
  requireFeature(access.features, access.planType, 'chat')
  const context = gatedContext(access, input.context)
  return callAi(practiceFailures.analyze, () => scope.runtime.ai.analyzeQuestion({ question: input.question, context }))
}
