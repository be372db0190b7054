import { z } from 'zod'
import { invoicePdfFor } from '#server/invoices/invoice-download.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { routeScope } from './route-scope.ts'

const orderIdParameter = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

/**
 * GET /api/billing/invoices/{orderId}/pdf: the signed-in person's invoice for that order as a PDF
 * (trpc-to-openapi answers JSON only, so this route calls the service itself).
 */
export async function handleInvoicePdf(request: Request, orderId: string): Promise<Response> {
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
