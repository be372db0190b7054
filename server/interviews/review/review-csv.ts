import { questionCategoryLabels } from '#rules/question-category.ts'
import { reviewModeLabels } from '#rules/review-labels.ts'
import type { SessionReview } from './session-review.ts'

const header = [
  'number',
  'asked_at',
  'mode',
  'category',
  'question',
  'answer',
  'confidence',
  'source',
  'trust',
  'latency_ms',
  'rating',
  'note',
] as const

/**
 * A cell as RFC 4180 writes it, and never a formula: a spreadsheet runs text that starts with
 * = + - @ (or a tab or carriage return), so such text gets a leading apostrophe.
 */
function cell(value: string | number | null): string {
  if (value === null) return ''
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The questions of one session's review, one row each in the order they were asked, with a header row (CRLF lines). */
export function reviewCsv(review: SessionReview): string {
  const rows = review.questions.map((question) => [
    question.number,
    question.askedAt,
    reviewModeLabels[question.mode],
    questionCategoryLabels[question.category],
    question.question,
    question.answer,
    question.confidence,
    question.source,
    question.trust,
    question.latencyMs,
    question.rating,
    question.note,
  ])
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}
