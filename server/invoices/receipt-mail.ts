import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import { formatInr, formatRate } from '#rules/gst.ts'
import { planLifecycle } from '#rules/plan-lifecycle.ts'
import { whereToUse } from '#rules/where-to-use.ts'
import { mailLayout } from '#server/accounts/account-mail.ts'
import type { MailMessage } from '#server/mail/mailer.ts'
import type { InvoiceBuyer } from './invoice-buyer.ts'

const day = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})

/** Where a signed-in person downloads an invoice (the page fetches the PDF with their session). */
function invoicePageUrl(linkBase: string, orderId: string): string {
  return `${linkBase}/invoice/${encodeURIComponent(orderId)}`
}

/** The receipt mailed when a payment is recorded: what was paid, for what, the tax in it, and the invoice. */
export function receiptMail(
  invoice: IssuedInvoice,
  buyer: InvoiceBuyer,
  linkBase: string,
  desktopPublished: boolean,
): MailMessage {
  const period =
    invoice.periodStart && invoice.periodEnd
      ? ` for ${day.format(new Date(invoice.periodStart))} to ${day.format(new Date(invoice.periodEnd))}`
      : ''
  const halfRate = formatRate(invoice.gstRateBasisPoints / 2)
  return {
    to: buyer.email,
    subject: `Your Interview Helper receipt: invoice ${invoice.invoiceNumber}`,
    ...mailLayout(
      `Thank you for your payment, ${buyer.name}`,
      [
        `We received ${formatInr(invoice.total)} for the ${invoice.planName} plan${period}.`,
        ...(invoice.upgradeCredit
          ? [
              `That is the ${invoice.planName} price of ${formatInr(invoice.upgradeCredit.listPrice)} less a credit of ${formatInr(invoice.upgradeCredit.credit)} for the unused part of your ${invoice.upgradeCredit.fromPlanName} period.`,
            ]
          : []),
        ...(invoice.periodEnd
          ? [planLifecycle.periodEnds(invoice.planName, day.format(new Date(invoice.periodEnd)))]
          : []),
        `Invoice number: ${invoice.invoiceNumber}. Payment ID: ${invoice.paymentId}.`,
        `The amount includes GST at ${formatRate(invoice.gstRateBasisPoints)}: taxable value ${formatInr(invoice.taxableValue)}, CGST ${halfRate} ${formatInr(invoice.cgst)}, SGST ${halfRate} ${formatInr(invoice.sgst)}.`,
        'Your invoice is a PDF you can download while signed in; your billing history lists every invoice.',
        `${whereToUse(desktopPublished)} The live interview page: ${linkBase}/live`,
      ],
      { label: 'Download your invoice', url: invoicePageUrl(linkBase, invoice.orderId) },
    ),
  }
}
