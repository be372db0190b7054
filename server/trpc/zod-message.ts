import type { z } from 'zod'

export type InputIssue = { path: string; message: string }

/** zod's wording for a missing field ("expected string, received undefined") says less than "is required". */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.includes('received undefined')) return 'is required'
  return issue.message
}

export function inputIssues(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: messageOf(issue) }))
}

/** "email: Invalid email address; password: is required" — names the field, for people and logs. */
export function readableIssues(issues: readonly InputIssue[]): string {
  if (issues.length === 0) return 'Invalid input'
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')
}
