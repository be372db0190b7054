import type { InterviewContext } from './interview-types.ts'

export type ContextForm = { resume: string; role: string; jobDescription: string }

export const emptyContext: ContextForm = { resume: '', role: '', jobDescription: '' }

/** Only the fields with text, or undefined when there is none: an empty context is no context. */
export function contextOf(form: ContextForm): InterviewContext | undefined {
  const context: InterviewContext = {}
  if (form.resume.trim()) context.resume = form.resume.trim()
  if (form.role.trim()) context.role = form.role.trim()
  if (form.jobDescription.trim()) context.jobDescription = form.jobDescription.trim()
  return Object.keys(context).length > 0 ? context : undefined
}
