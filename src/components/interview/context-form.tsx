import { useId } from 'react'
import { interviewContextLimits } from '#rules/interview-context.ts'
import { hintClass, inputClass, labelClass } from '#src/components/ui/form-styles.ts'
import type { ContextForm as ContextFields } from '#src/interview/context.ts'
import { Card } from '#src/components/ui/card.tsx'

type Props = {
  value: ContextFields
  onChange: (value: ContextFields) => void
  saveOnSession: boolean
  onSaveOnSessionChange: (save: boolean) => void
  planHasContext: boolean
}

/** Resume, role and job description: sent with each question, and saved on the session on Pro. */
export function ContextForm({ value, onChange, saveOnSession, onSaveOnSessionChange, planHasContext }: Props) {
  const id = useId()
  const set = (field: keyof ContextFields) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value })
  return (
    <Card id={`${id}-heading`} title="Interview context">
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-role`} className={labelClass}>
            Role
          </label>
          <input
            id={`${id}-role`}
            className={inputClass}
            value={value.role}
            onChange={set('role')}
            maxLength={interviewContextLimits.role}
            placeholder="Backend engineer"
          />
        </div>
        <div>
          <label htmlFor={`${id}-jd`} className={labelClass}>
            Job description
          </label>
          <textarea
            id={`${id}-jd`}
            className={inputClass}
            rows={3}
            value={value.jobDescription}
            onChange={set('jobDescription')}
            maxLength={interviewContextLimits.jobDescription}
          />
        </div>
        <div>
          <label htmlFor={`${id}-resume`} className={labelClass}>
            Resume
          </label>
          <textarea
            id={`${id}-resume`}
            className={inputClass}
            rows={4}
            value={value.resume}
            onChange={set('resume')}
            maxLength={interviewContextLimits.resume}
          />
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-save`}
            type="checkbox"
            checked={saveOnSession}
            onChange={(event) => onSaveOnSessionChange(event.target.checked)}

            className="mt-0.5 size-4 rounded border-control text-brand focus-ring"
          />
          <label htmlFor={`${id}-save`} className="text-sm text-fg-body">
            Save this context on the session when it starts
          </label>
        </div>
        <p className={hintClass}>
          Saving the context on a session is a Pro feature (context configuration)
          {planHasContext
            ? ', included in your plan'
            : ': your plan does not include it, so a session cannot start with it saved'}
          . Every plan can send the context with each question.
        </p>
      </div>
    </Card>
  )
}
