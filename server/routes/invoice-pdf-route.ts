import { z } from 'zod'
import { invoicePdfFor } from '#server/invoices/invoice-download.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import type { ApiRoute, RouteContext } from './api-route-handlers.ts'
import { errorEnvelope } from './route-openapi.ts'
import { routeScope } from './route-scope.ts'

const orderIdParameter = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

/**
 * GET /api/billing/invoices/{orderId}/pdf: the signed-in person's invoice for that order as a PDF
 * (trpc-to-openapi answers JSON only, so this route calls the service itself).
 */
async function handleInvoicePdf(request: Request, orderId: string): Promise<Response> {
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  if (!isSignedIn(scope)) return routeErrorResponse(401, signInRequiredMessage)
  const parsed = orderIdParameter.safeParse(orderId)
  if (!parsed.success) return routeErrorResponse(400, 'orderId must be an order id (letters, digits, _ and -)')
  try {
    const pdf = await invoicePdfFor(scope, parsed.data)
    return new Response(new Blob([Buffer.from(pdf.bytes)], { type: 'application/pdf' }), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${pdf.fileName}"`,
        'cache-control': 'private, no-store',
        'x-invoice-number': pdf.invoiceNumber,
      },
    })
  } catch (error) {
    return thrownErrorResponse(error, scope.runtime.log)
  }
}

export const invoicePdfRoute = {
  handlers: {
    GET: ({ request, params }: RouteContext<{ orderId: string }>) => handleInvoicePdf(request, params.orderId),
  },
  openapi: {
    get: {
      operationId: 'billing-invoicePdf',
      tags: ['payments'],
      summary: 'The invoice of a paid order, as a PDF',
      description:
        'The GST invoice issued when the order was paid (its number is `invoiceNumber` in /billing/history), as an A4 PDF, `Content-Disposition: attachment`. Only the person who placed the order gets it: any other order, or one without an invoice, is 404.',
      security: [{ bearerAuth: [] }],
      parameters: [
        {
          name: 'orderId',
          in: 'path',
          required: true,
          description: 'The order id from /billing/history',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        },
      ],
      responses: {
        '200': {
          description: 'The invoice',
          headers: {
            'Content-Disposition': {
              description: 'attachment, with the file name of the invoice',
              schema: { type: 'string' },
              example: 'attachment; filename="IH-2026-27-000123.pdf"',
            },
            'X-Invoice-Number': {
              description: 'The invoice number, such as IH/2026-27/000123',
              schema: { type: 'string' },
            },
          },
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        '400': { description: 'Not an order id', content: errorEnvelope },
        '401': { description: 'Not signed in', content: errorEnvelope },
        '404': { description: 'No invoice of yours for this order', content: errorEnvelope },
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  },
} satisfies ApiRoute
