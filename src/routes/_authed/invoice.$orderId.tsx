import { createFileRoute, Link } from '@tanstack/react-router'
import { Spinner } from '#src/components/spinner.tsx'
import { formatLongDate } from '#src/lib/dates.ts'
import { formatPaise } from '#src/lib/money.ts'
import { InvoiceLink } from '#src/payments/invoice-link.tsx'
import { planLabel } from '#src/payments/subscription-display.ts'
import { useBillingHistory } from '#src/payments/use-subscription.ts'

/** Where the receipt e-mail's link leads: the invoice of one order, downloaded with the session. */
export const Route = createFileRoute('/_authed/invoice/$orderId')({
  head: () => ({ meta: [{ title: 'Invoice | Interview Helper' }] }),
  component: InvoicePage,
})

function InvoicePage() {
  const { orderId } = Route.useParams()
  const history = useBillingHistory()
  const entry = history.data?.entries.find((candidate) => candidate.orderId === orderId)
  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Your invoice</h1>
      <div className="mt-6 rounded-2xl border border-line bg-surface p-6 shadow-sm">
        {history.isPending ? (
          <Spinner label="Loading your invoice" className="py-8" />
        ) : entry?.invoiceNumber ? (
          <>
            <p className="text-fg-body">
              Invoice <span className="font-mono font-semibold">{entry.invoiceNumber}</span> for the{' '}
              {planLabel(entry.planType)} plan, {formatPaise(entry.amount)}, paid{' '}
              {formatLongDate(entry.paidAt ?? entry.createdAt)}.
            </p>
            <div className="mt-5">
              <InvoiceLink
                orderId={entry.orderId}
                invoiceNumber={entry.invoiceNumber}
                label="Download invoice (PDF)"
                className="rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:opacity-90 focus-ring disabled:opacity-60"
              />
            </div>
          </>
        ) : (
          <p role="alert" className="text-fg-body">
            Invoice not found. Invoices are issued when a payment is recorded; your billing history lists every one.
          </p>
        )}
      </div>
      <p className="mt-6 text-sm">
        <Link to="/subscription" className="font-semibold text-brand hover:underline">
          See your billing history
        </Link>
      </p>
    </main>
  )
}
