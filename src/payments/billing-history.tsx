import { Link } from '@tanstack/react-router'
import { Spinner } from '#src/components/spinner.tsx'
import { DataTable } from '#src/components/ui/table.tsx'
import { formatLongDate } from '#src/lib/dates.ts'
import { formatPaise } from '#src/lib/money.ts'
import type { BillingEntry } from './checkout-types.ts'
import { InvoiceLink } from './invoice-link.tsx'
import { ShortId } from './short-id.tsx'
import { StatusBadge } from './status-badge.tsx'
import { billingReason, billingStatus, planLabel } from './subscription-display.ts'
import { useBillingHistory } from './use-subscription.ts'

const headingId = 'billing-history-heading'
const columns = ['Date', 'Plan', 'Amount', 'Status', 'Invoice', 'Order ID', 'Payment ID', 'Failure reason'] as const

/** Every order of the user, newest first, with what became of it. */
export function BillingHistory() {
  const history = useBillingHistory()
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        Billing History
      </h2>
      <div className="mt-4">
        {history.isPending ? (
          <Spinner label="Loading billing history" className="py-8" />
        ) : history.isError ? (
          <div role="alert" className="text-sm text-danger">
            Could not load your billing history.{' '}
            <button type="button" onClick={() => void history.refetch()} className="font-semibold underline focus-ring">
              Try again
            </button>
          </div>
        ) : history.data.entries.length === 0 ? (
          <EmptyHistory />
        ) : (
          <HistoryTable entries={history.data.entries} />
        )}
      </div>
    </section>
  )
}

function EmptyHistory() {
  return (
    <div className="rounded-xl border border-dashed border-control px-4 py-10 text-center">
      <p className="font-medium text-fg">No payments yet.</p>
      <p className="mt-1 text-sm text-fg-muted">
        Your orders will show here once you buy a plan.{' '}
        <Link to="/pricing" className="font-semibold text-brand hover:underline focus-ring">
          See the plans
        </Link>
      </p>
    </div>
  )
}

/** A table from the md breakpoint up; below it each order is a card, so nothing hides off-screen on a phone. */
function HistoryTable({ entries }: { entries: BillingEntry[] }) {
  return (
    <>
      <ul className="space-y-3 md:hidden">
        {entries.map((entry) => (
          <HistoryCard key={entry.orderId} entry={entry} />
        ))}
      </ul>
      <DataTable
        label="Billing History"
        columns={columns}
        minWidth="min-w-[52rem]"
        className="-mx-6 hidden px-6 md:block"
      >
        {entries.map((entry) => (
          <HistoryRow key={entry.orderId} entry={entry} />
        ))}
      </DataTable>
    </>
  )
}

const none = <span className="text-fg-placeholder">—</span>

function InvoiceCell({ entry }: { entry: BillingEntry }) {
  return entry.invoiceNumber ? <InvoiceLink orderId={entry.orderId} invoiceNumber={entry.invoiceNumber} /> : none
}

function OrderIdCell({ entry }: { entry: BillingEntry }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <ShortId id={entry.orderId} kind="order ID" />
      {entry.testMode && (
        <span
          title="Sandbox order: no real money"
          className="inline-flex rounded bg-warning-soft px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-warning"
        >
          TEST
        </span>
      )}
    </span>
  )
}

function PaymentCell({ entry }: { entry: BillingEntry }) {
  return (
    <>
      {entry.paymentId ? <ShortId id={entry.paymentId} kind="payment ID" /> : none}
      {entry.refundDuePaymentIds.map((paymentId) => (
        <span key={paymentId} className="mt-1 block text-xs text-warning-note">
          Charged again by{' '}
          <span className="font-mono break-all" title={paymentId}>
            {paymentId}
          </span>
          : this is refunded
        </span>
      ))}
    </>
  )
}

export function HistoryRow({ entry }: { entry: BillingEntry }) {
  const status = billingStatus(entry.status)
  return (
    <tr data-order-id={entry.orderId} className="align-top text-fg-body">
      <td className="py-3 pr-4 whitespace-nowrap">{formatLongDate(entry.createdAt)}</td>
      <td className="py-3 pr-4 font-medium whitespace-nowrap text-fg">{planLabel(entry.planType)}</td>
      <td className="py-3 pr-4 whitespace-nowrap">{formatPaise(entry.amount)}</td>
      <td className="py-3 pr-4 whitespace-nowrap">
        <StatusBadge color={status.color}>{status.label}</StatusBadge>
      </td>
      <td className="py-3 pr-4">
        <InvoiceCell entry={entry} />
      </td>
      <td className="py-3 pr-4">
        <OrderIdCell entry={entry} />
      </td>
      <td className="py-3 pr-4">
        <PaymentCell entry={entry} />
      </td>
      <td className="py-3 pr-4">{billingReason(entry) ?? none}</td>
    </tr>
  )
}

function HistoryCard({ entry }: { entry: BillingEntry }) {
  const status = billingStatus(entry.status)
  const term = 'text-fg-muted'
  return (
    <li data-order-id={entry.orderId} className="rounded-xl border border-line p-4 text-sm text-fg-body">
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold text-fg">
          {planLabel(entry.planType)} · {formatPaise(entry.amount)}
        </span>
        <StatusBadge color={status.color}>{status.label}</StatusBadge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className={term}>Date</dt>
        <dd>{formatLongDate(entry.createdAt)}</dd>
        <dt className={term}>Invoice</dt>
        <dd>
          <InvoiceCell entry={entry} />
        </dd>
        <dt className={term}>Order ID</dt>
        <dd>
          <OrderIdCell entry={entry} />
        </dd>
        <dt className={term}>Payment ID</dt>
        <dd>
          <PaymentCell entry={entry} />
        </dd>
        {billingReason(entry) && (
          <>
            <dt className={term}>Failure reason</dt>
            <dd>{billingReason(entry)}</dd>
          </>
        )}
      </dl>
    </li>
  )
}
