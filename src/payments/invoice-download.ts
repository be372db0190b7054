import { downloadFile } from '#src/interview/download-file.ts'

/** The REST path of an order's invoice PDF (the same route the desktop app calls). */
const invoicePdfPath = (orderId: string) => `/api/billing/invoices/${encodeURIComponent(orderId)}/pdf`

/** Saves the invoice under its invoice number. Answers null when saved, else what went wrong. */
export async function downloadInvoice(orderId: string, invoiceNumber: string): Promise<string | null> {
  return downloadFile(invoicePdfPath(orderId), `${invoiceNumber.replaceAll('/', '-')}.pdf`)
}
