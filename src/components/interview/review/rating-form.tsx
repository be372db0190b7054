import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { hintClass, inputClass, labelClass, secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { ErrorAlert } from '../error-alert.tsx'
import type { ReviewQuestion } from './review-types.ts'

const scores = [1, 2, 3, 4, 5] as const

/** The candidate's 1–5 verdict on one answer, with a short note; saving again replaces it. */
export function RatingForm({ sessionId, question }: { sessionId: string; question: ReviewQuestion }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const id = useId()
  const [rating, setRating] = useState<number | null>(question.rating)
  const [note, setNote] = useState(question.note ?? '')
  const [error, setError] = useState<string | null>(null)
  const rate = useMutation(
    trpc.interviews.rateAnswer.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(`Could not save your rating: ${errorMessage(failure, 'please try again.')}`),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.interviews.sessionReview.queryKey() }),
    }),
  )
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    if (rating === null) return
    rate.mutate({ id: sessionId, questionId: question.id, rating, ...(note.trim() ? { note: note.trim() } : {}) })
  }
  return (
    <form
      onSubmit={submit}
      className="mt-3 rounded-xl bg-gray-50 p-3 dark:bg-gray-800/60"
      aria-label={`Rate answer ${question.number}`}
    >
      <fieldset>
        <legend className={labelClass}>How helpful was this answer?</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {scores.map((score) => (
            <label
              key={score}
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-gray-300 bg-surface px-3 text-sm font-medium text-fg has-checked:border-brand has-checked:bg-brand has-checked:text-white focus-ring-within dark:border-gray-600"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={score}
                checked={rating === score}
                onChange={() => setRating(score)}
                className="sr-only"
              />
              <span aria-hidden="true">{score}</span>
              <span className="sr-only">{score} of 5</span>
            </label>
          ))}
        </div>
        <p className={hintClass}>1 is no help, 5 is very helpful.</p>
      </fieldset>
      <label htmlFor={`${id}-note`} className={`${labelClass} mt-2 block`}>
        Note (optional)
      </label>
      <input
        id={`${id}-note`}
        className={inputClass}
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
        placeholder="What to say differently next time"
      />
      <button type="submit" className={`${secondaryButton} mt-2`} disabled={rating === null || rate.isPending}>
        {rate.isPending ? 'Saving...' : question.rating === null ? 'Save rating' : 'Update rating'}
      </button>
      {rate.isSuccess && (
        <p role="status" className="mt-1 text-sm text-success">
          Rating saved.
        </p>
      )}
      <ErrorAlert message={error} />
    </form>
  )
}
