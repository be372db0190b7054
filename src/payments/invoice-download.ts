import { authorizedFetch, errorOfResponse } from '#src/interview/authorized-fetch.ts'

/** The REST path of an order's invoice PDF (the same route the desktop app calls). */
const invoicePdfPath = (orderId: string) => `/api/billing/invoices/${encodeURIComponent(orderId)}/pdf`

/**
 * Fetches the invoice with the session's token (a plain link would carry none) and saves it under
 * its invoice number. Answers null when saved, else what went wrong.
 */
export async function downloadInvoice(orderId: string, invoiceNumber: string): Promise<string | null> {
  let response: Response
  try {
    response = await authorizedFetch(invoicePdfPath(orderId))
  } catch {
    return 'Could not reach the server. Check your connection and try again.'
  }
  if (!response.ok) return errorOfResponse(response)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = `${invoiceNumber.replaceAll('/', '-')}.pdf`
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return null
}
