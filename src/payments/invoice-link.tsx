import { useState } from 'react'
import { downloadInvoice } from './invoice-download.ts'

type InvoiceLinkProps = { orderId: string; invoiceNumber: string; className?: string; label?: string }

/** Downloads the order's invoice PDF; says so while it loads and when it fails. */
export function InvoiceLink({ orderId, invoiceNumber, className, label }: InvoiceLinkProps) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const download = async () => {
    setState({ busy: true, error: null })
    setState({ busy: false, error: await downloadInvoice(orderId, invoiceNumber) })
  }
  return (
    <span className="inline-flex flex-col items-start">
      <button
        type="button"
        onClick={() => void download()}
        disabled={state.busy}
        aria-label={`Download invoice ${invoiceNumber} (PDF)`}
        className={
          className ?? 'font-medium whitespace-nowrap text-brand hover:underline focus-ring disabled:opacity-60'
        }
      >
        {state.busy ? 'Preparing…' : (label ?? invoiceNumber)}
      </button>
      {state.error && (
        <span role="alert" className="mt-1 text-xs text-danger">
          {state.error}
        </span>
      )}
    </span>
  )
}
