import { serveInngest } from '#inngest/serve-inngest.ts'
import { getRuntime } from '#server/runtime.ts'
import { handleTrpcRequest } from '#server/trpc/http-handler.ts'
import { otherMethodsRefused, type ApiRoute, type Method } from './api-route-handlers.ts'
import { audioQuestionRoute } from './audio-question-route.ts'
import { healthRoute, readyRoute } from './health-routes.ts'
import { invoicePdfRoute } from './invoice-pdf-route.ts'
import { questionStreamRoute } from './question-stream-route.ts'
import { razorpayWebhookRoute } from './razorpay-webhook-route.ts'
import { reviewCsvRoute, reviewPdfRoute } from './review-file-route.ts'
import { utteranceBlockRoute, utteranceCancelRoute, utteranceEndRoute, utteranceOpenRoute } from './utterance-routes.ts'

const inngest = async ({ request }: { request: Request }) => serveInngest(await getRuntime(), request)

/**
 * The /api routes that are not procedures, at the paths they are served at: the file routes of
 * src/routes/api/ take their handlers from here (`servedRoute`), and the API document takes their
 * descriptions from here, in this order, so neither can have a route the other lacks. The document
 * itself and the 404 for unknown addresses sit above the REST layer and are not listed.
 */
export const apiRoutes = {
  '/api/health': healthRoute,
  '/api/ready': readyRoute,
  '/api/billing/invoices/$orderId/pdf': invoicePdfRoute,
  '/api/interview/sessions/$id/review/pdf': reviewPdfRoute,
  '/api/interview/sessions/$id/review/csv': reviewCsvRoute,
  '/api/interview/audio-question': audioQuestionRoute,
  '/api/interview/utterances': utteranceOpenRoute,
  '/api/interview/utterances/$id': utteranceCancelRoute,
  '/api/interview/utterances/$id/blocks/$sequence': utteranceBlockRoute,
  '/api/interview/utterances/$id/end': utteranceEndRoute,
  '/api/interview/question/stream': questionStreamRoute,
  '/api/webhooks/razorpay': razorpayWebhookRoute,
  '/api/inngest': {
    handlers: { GET: inngest, POST: inngest, PUT: inngest },
    undocumented: "Inngest's own endpoint: its server calls it, signed with the signing key",
  },
  '/api/trpc/$': {
    handlers: {
      GET: ({ request }: { request: Request }) => handleTrpcRequest(request),
      POST: ({ request }: { request: Request }) => handleTrpcRequest(request),
    },
    undocumented: "The pages' tRPC calls; the same procedures are in the document at their REST paths",
  },
} satisfies Record<string, ApiRoute>

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly Method[]

/** A file route's server options: the listed route's handlers, and 405 for any other method. */
export function servedRoute<Path extends keyof typeof apiRoutes>(
  path: Path,
): { handlers: (typeof apiRoutes)[Path]['handlers'] & ReturnType<typeof otherMethodsRefused> } {
  const { handlers } = apiRoutes[path]
  const served: ApiRoute['handlers'] = handlers
  return { handlers: { ...handlers, ...otherMethodsRefused(...methods.filter((method) => served[method])) } }
}
