import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import { formatInr, formatRate } from '#rules/gst.ts'
import type { InvoiceBuyer } from './invoice-buyer.ts'

const pageSize: [number, number] = [595.28, 841.89] // A4 in points
const margin = 56
const ink = rgb(0.12, 0.16, 0.22)
const muted = rgb(0.42, 0.45, 0.5)
const warning = rgb(0.72, 0.11, 0.11)

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
  const page = pdf.addPage(pageSize)
  const writer = pageWriter(page, regular, bold)

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

type TextStyle = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> }

/** Writes top to bottom on one page, keeping every string within the fonts' character set. */
function pageWriter(page: PDFPage, regular: PDFFont, bold: PDFFont) {
  const drawable = new Set(regular.getCharacterSet())
  const safe = (text: string) =>
    Array.from(text.normalize('NFC'), (char) => (drawable.has(char.codePointAt(0) ?? 0) ? char : '?')).join('')
  const width = page.getWidth() - 2 * margin
  let y = page.getHeight() - margin

  const draw = (text: string, x: number, style: TextStyle = {}) => {
    page.drawText(safe(text), {
      x,
      y,
      size: style.size ?? 10.5,
      font: style.font ?? regular,
      color: style.color ?? ink,
    })
  }
  const advance = (style: TextStyle = {}) => {
    y -= (style.size ?? 10.5) * 1.45
  }
  const fit = (text: string, available: number, style: TextStyle = {}) => {
    const font = style.font ?? regular
    const size = style.size ?? 10.5
    const words = safe(text).split(/\s+/)
    const lines: string[] = []
    let current = ''
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word
      if (current && font.widthOfTextAtSize(candidate, size) > available) {
        lines.push(current)
        current = word
      } else current = candidate
    }
    if (current) lines.push(current)
    return lines
  }

  return {
    line(text: string, style: TextStyle = {}) {
      draw(text, margin, style)
      advance(style)
    },
    wrapped(text: string, style: TextStyle = {}) {
      for (const line of fit(text, width, style)) this.line(line, style)
    },
    pair(label: string, value: string) {
      draw(`${label}:`, margin, { font: bold })
      draw(value, margin + 110)
      advance()
    },
    /** A description on the left, wrapped, and its amount flush right on the first line. */
    amount(label: string, value: string, style: TextStyle = {}) {
      const font = style.font ?? regular
      const size = style.size ?? 10.5
      const valueWidth = font.widthOfTextAtSize(safe(value), size)
      draw(value, margin + width - valueWidth, style)
      for (const line of fit(label, width - 130, style)) {
        draw(line, margin, style)
        advance(style)
      }
    },
    rule() {
      page.drawLine({
        start: { x: margin, y: y + 4 },
        end: { x: margin + width, y: y + 4 },
        thickness: 0.6,
        color: muted,
      })
      y -= 6
    },
    gap(points: number) {
      y -= points
    },
  }
}
