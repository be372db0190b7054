import { sessionReviewFile, type ReviewExportFormat } from '#server/interviews/review/review-export.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { sessionReviewInput } from '#server/trpc/schemas/interview-review.ts'
import { routeScope } from './route-scope.ts'

/**
 * GET /api/interview/sessions/{id}/review/pdf and …/csv: an ended session's review as a file, with
 * the review's own plan check and refusals (trpc-to-openapi answers JSON only, so this route calls
 * the service itself).
 */
export async function handleReviewFile(request: Request, sessionId: string, format: ReviewExportFormat) {
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  if (!isSignedIn(scope)) return routeErrorResponse(401, signInRequiredMessage)
  const parsed = sessionReviewInput.safeParse({ id: sessionId })
  if (!parsed.success) return routeErrorResponse(400, 'id must be a session id')
  try {
    const file = await sessionReviewFile(scope, parsed.data.id, format)
    return new Response(new Blob([Buffer.from(file.bytes)], { type: file.contentType }), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'private, no-store',
      },
    })
  } catch (error) {
    return thrownErrorResponse(error, scope.runtime.log)
  }
}
