import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { hintClass, inputClass, labelClass } from '#src/components/ui/form-styles.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { Difficulty, GeneratedQuestions, InterviewContext } from '#src/interview/interview-types.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { AnswerMeta } from './answer-meta.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { PractiseGenerated } from './practise-generated.tsx'

const difficulties: readonly Difficulty[] = ['easy', 'medium', 'hard']

/** Practice questions by topic (by default: difficulty medium, count 5); no interview is used. */
export function GenerateQuestions({
  context,
  initialTopic,
  sessionId,
  onAnswered,
}: {
  context: () => InterviewContext | undefined
  /** The active session, in which a picked question is asked and recorded as generated. */
  sessionId: string | null
  onAnswered: () => void
  /** A topic to generate on at once (a weak spot opened from a review). */
  initialTopic?: string | undefined
}) {
  const trpc = useTRPC()
  const id = useId()
  const [topic, setTopic] = useState(initialTopic ?? '')
  const [difficulty, setDifficulty] = useState<Difficulty>('medium')
  const [count, setCount] = useState(5)
  const [error, setError] = useState<string | null>(null)
  const generate = useMutation(
    trpc.interviews.generateQuestions.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(failureText(sessionFailures.generate, errorMessage(failure, ''))),
    }),
  )
  const { mutate } = generate
  useEffect(() => {
    if (initialTopic?.trim()) mutate({ topic: initialTopic.trim(), difficulty: 'medium', count: 5 })
  }, [initialTopic, mutate])
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    const given = context()
    generate.mutate({ topic: topic.trim(), difficulty, count, ...(given ? { context: given } : {}) })
  }
  return (
    <Card id={`${id}-heading`} title="Generate practice questions">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-topic`} className={labelClass}>
            Topic
          </label>
          <input
            id={`${id}-topic`}
            className={inputClass}
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            maxLength={200}
            placeholder="System design"
            required
          />
        </div>
        <div>
          <label htmlFor={`${id}-difficulty`} className={labelClass}>
            Difficulty
          </label>
          <select
            id={`${id}-difficulty`}
            className={inputClass}
            value={difficulty}
            onChange={(event) => setDifficulty(difficulties.find((level) => level === event.target.value) ?? 'medium')}
          >
            {difficulties.map((level) => (
              <option key={level} value={level}>
                {level.charAt(0).toUpperCase() + level.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-count`} className={labelClass}>
            Count
          </label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={20}
            className={`${inputClass} sm:w-24`}
            value={count}
            onChange={(event) => setCount(Math.min(20, Math.max(1, Number(event.target.value) || 1)))}
          />
        </div>
        <div className="sm:col-span-3">
          <Button variant="primary" type="submit" disabled={!topic.trim() || generate.isPending}>
            {generate.isPending ? 'Generating...' : 'Generate questions'}
          </Button>
          <p className={hintClass}>Practice tools need an active plan but use no interview.</p>
        </div>
      </form>
      <ErrorAlert message={error} />
      {generate.data && (
        <GeneratedList result={generate.data} sessionId={sessionId} context={context} onAnswered={onAnswered} />
      )}
    </Card>
  )
}

function GeneratedList({
  result,
  sessionId,
  context,
  onAnswered,
}: {
  result: GeneratedQuestions
  sessionId: string | null
  context: () => InterviewContext | undefined
  onAnswered: () => void
}) {
  return (
    <section aria-label="Generated questions" className="mt-4">
      {result.notes?.map((note) => (
        <p key={note} className={hintClass}>
          {note}
        </p>
      ))}
      <ol className="mt-2 list-decimal space-y-3 pl-5 text-sm text-fg-strong" data-testid="generated-questions">
        {result.questions.map((question, index) => (
          <li key={index}>
            <p className="font-medium text-fg">{question.question}</p>
            <p className="text-xs text-fg-muted">
              {question.category} · {question.difficulty}
            </p>
            {question.keyPoints.length > 0 && (
              <p className="mt-1 text-fg-muted">Cover: {question.keyPoints.join('; ')}</p>
            )}
          </li>
        ))}
      </ol>
      <AnswerMeta latencyMs={result.latencyMs} />
      <PractiseGenerated
        key={result.questions.map((question) => question.question).join('\n')}
        questions={result.questions.map((question) => question.question)}
        sessionId={sessionId}
        context={context}
        onAnswered={onAnswered}
      />
    </section>
  )
}
