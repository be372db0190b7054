import type { SignedInScope } from '#server/request-scope.ts'
import { reviewCsv } from './review-csv.ts'
import { renderReviewPdf } from './review-pdf.ts'
import { sessionReview } from './session-review.ts'

export type ReviewExportFormat = 'pdf' | 'csv'

/**
 * One ended session's review as a file to keep: the whole review as a PDF, or its questions as a
 * CSV. The same plan check, ownership and refusals as the review itself (Pro only).
 */
export async function sessionReviewFile(scope: SignedInScope, sessionId: string, format: ReviewExportFormat) {
  const review = await sessionReview(scope, sessionId)
  const day = review.session.startedAt.slice(0, 10)
  const fileName = `interview-review-${day}-${review.session.id.slice(0, 8)}.${format}`
  if (format === 'csv')
    return { fileName, contentType: 'text/csv; charset=utf-8', bytes: new TextEncoder().encode(reviewCsv(review)) }
  return { fileName, contentType: 'application/pdf', bytes: await renderReviewPdf(review) }
}
