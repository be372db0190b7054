import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import { formatInr, formatRate } from '#rules/gst.ts'
import { documentWriter, muted, warning } from '#server/pdf/text-writer.ts'
import type { InvoiceBuyer } from './invoice-buyer.ts'

const dateInIndia = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})

/**
 * The invoice as a one-page PDF. It uses the standard Helvetica fonts, which every reader has and
 * which need no font file, but which hold only the Windows-1252 characters: amounts are written
 * "INR 99.00" (the ₹ sign is not among them) and any other character of a name is drawn as "?".
 */
export async function renderInvoicePdf(invoice: IssuedInvoice, buyer: InvoiceBuyer | null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Invoice ${invoice.invoiceNumber}`)
  pdf.setAuthor(invoice.seller.name)
  pdf.setCreationDate(new Date(invoice.issuedAt))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const writer = documentWriter(pdf, regular, bold)

  writer.line('TAX INVOICE', { size: 18, font: bold })
  if (invoice.seller.isSample)
    writer.line('SAMPLE - not a tax document: the seller details are development defaults.', {
      font: bold,
      color: warning,
    })
  writer.gap(8)
  writer.line(invoice.seller.name, { font: bold })
  writer.wrapped(invoice.seller.address)
  writer.line(`GSTIN: ${invoice.seller.gstin}`)
  writer.gap(12)

  writer.pair('Invoice number', invoice.invoiceNumber)
  writer.pair('Invoice date', dateInIndia.format(new Date(invoice.issuedAt)))
  writer.pair('Payment ID', invoice.paymentId)
  writer.pair('Order ID', invoice.orderId)
  writer.pair('Place of supply', "Supplier's state (intra-state supply: CGST + SGST)")
  writer.gap(12)

  writer.line('Bill to', { font: bold })
  writer.line(buyer?.name ?? '[erased]')
  writer.line(buyer?.email ?? '[erased]')
  writer.gap(16)

  const period =
    invoice.periodStart && invoice.periodEnd
      ? `, ${dateInIndia.format(new Date(invoice.periodStart))} to ${dateInIndia.format(new Date(invoice.periodEnd))}`
      : ''
  const halfRate = formatRate(invoice.gstRateBasisPoints / 2)
  writer.rule()
  writer.amount('Description', 'Amount', { font: bold })
  writer.rule()
  const plan = `Interview Helper ${invoice.planName} plan (monthly)${period}`
  const credit = invoice.upgradeCredit
  if (credit) {
    writer.amount(`${plan}, list price (GST inclusive)`, formatInr(credit.listPrice))
    writer.amount(
      `Less: credit for the unused part of your ${credit.fromPlanName} period`,
      `- ${formatInr(credit.credit)}`,
    )
  } else {
    writer.amount(plan, formatInr(invoice.taxableValue))
  }
  writer.gap(6)
  writer.amount('Taxable value', formatInr(invoice.taxableValue))
  writer.amount(`CGST @ ${halfRate}`, formatInr(invoice.cgst))
  writer.amount(`SGST @ ${halfRate}`, formatInr(invoice.sgst))
  writer.rule()
  writer.amount('Total paid (GST inclusive)', formatInr(invoice.total), { font: bold })
  writer.rule()
  writer.gap(16)
  writer.wrapped(
    `Prices include GST at ${formatRate(invoice.gstRateBasisPoints)}. Paid online${invoice.gateway === 'sandbox' ? ' in TEST MODE (sandbox gateway: no money moved)' : ' through Razorpay'}. This is a computer-generated invoice and needs no signature.`,
    { color: muted, size: 9 },
  )
  return pdf.save()
}
