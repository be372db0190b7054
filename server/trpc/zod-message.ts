import type { z } from 'zod'

export type InputIssue = { path: string; message: string }

export function inputIssues(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
}

/** "email: Invalid email address; password: Too small" — names the field, for people and logs. */
export function readableIssues(issues: readonly InputIssue[]): string {
  if (issues.length === 0) return 'Invalid input'
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')
}
