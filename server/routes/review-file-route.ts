import { sessionReviewFile, type ReviewExportFormat } from '#server/interviews/review/review-export.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { sessionReviewInput } from '#server/trpc/schemas/interview-review.ts'
import type { ApiRoute, RouteContext } from './api-route-handlers.ts'
import type { PathItem } from './openapi-shapes.ts'
import { errorEnvelope } from './route-openapi.ts'
import { routeScope } from './route-scope.ts'

/**
 * GET /api/interview/sessions/{id}/review/pdf and …/csv: an ended session's review as a file, with
 * the review's own plan check and refusals (trpc-to-openapi answers JSON only, so this route calls
 * the service itself).
 */
async function handleReviewFile(request: Request, sessionId: string, format: ReviewExportFormat) {
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

const reviewFiles = {
  pdf: {
    summary: "An ended session's review, as a PDF",
    media: 'application/pdf',
    what: 'the whole review (the summary, what to practise, then each question with its answer, trust, timing and your rating) as an A4 PDF, times in UTC',
  },
  csv: {
    summary: "An ended session's questions, as CSV",
    media: 'text/csv',
    what: 'its questions as CSV (RFC 4180, UTF-8, CRLF lines): a header row, then one row per question in the order asked with `number, asked_at, mode, category, question, answer, confidence, source, trust, latency_ms, rating, note`; a cell that a spreadsheet would run as a formula starts with an apostrophe',
  },
} as const

/** GET /interview/sessions/{id}/review/pdf and …/csv: the review as a file (Pro, like the review itself). */
function reviewFilePath(format: keyof typeof reviewFiles): PathItem {
  const file = reviewFiles[format]
  return {
    get: {
      operationId: `interview-sessionReview${format === 'pdf' ? 'Pdf' : 'Csv'}`,
      tags: ['interview'],
      summary: file.summary,
      description: `The same review as GET /interview/sessions/{id}/review, ${file.what}, \`Content-Disposition: attachment\`. Interview analytics is part of the Pro plan: other plans get 403 \`feature_not_in_plan\`; a running session is 409 \`session_active\`, and another person's session or an unknown id 404.`,
      security: [{ bearerAuth: [] }],
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The session id',
          schema: { type: 'string', format: 'uuid' },
        },
      ],
      responses: {
        '200': {
          description: `The review as ${format.toUpperCase()}`,
          headers: {
            'Content-Disposition': {
              description: 'attachment, with a file name of the session day and id',
              schema: { type: 'string' },
              example: `attachment; filename="interview-review-2026-11-25-7d4f1c2a.${format}"`,
            },
          },
          content: { [file.media]: { schema: { type: 'string', ...(format === 'pdf' ? { format: 'binary' } : {}) } } },
        },
        '400': { description: 'Not a session id', content: errorEnvelope },
        '401': { description: 'Not signed in', content: errorEnvelope },
        '403': { description: 'Interview analytics is not part of the plan', content: errorEnvelope },
        '404': { description: 'No session of yours with this id', content: errorEnvelope },
        '409': { description: 'The session is still running', content: errorEnvelope },
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  }
}

/** The review file of one format: the route and its description. */
const reviewFileRoute = (format: keyof typeof reviewFiles) =>
  ({
    handlers: {
      GET: ({ request, params }: RouteContext<{ id: string }>) => handleReviewFile(request, params.id, format),
    },
    openapi: reviewFilePath(format),
  }) satisfies ApiRoute

export const reviewPdfRoute = reviewFileRoute('pdf')
export const reviewCsvRoute = reviewFileRoute('csv')
