import type { InterviewAnswer } from '#src/interview/interview-types.ts'
import { AnswerMeta } from './answer-meta.tsx'
import { AnswerText } from './answer-text.tsx'

/**
 * An answer as it streams: the words written so far as plain text, then, once it is whole, the
 * answer with its gist, collapsible detail and timing.
 */
export function StreamedAnswerText({ text, answer }: { text: string; answer: InterviewAnswer | null }) {
  if (answer)
    return (
      <>
        <AnswerText text={answer.response} />
        <AnswerMeta latencyMs={answer.latencyMs} />
      </>
    )
  return text ? <p className="text-sm whitespace-pre-wrap text-fg-strong">{text}</p> : null
}
