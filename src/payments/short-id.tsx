import { useEffect, useState } from 'react'

/** order_Nx1y2z3a4b5c6d → "order_Nx…4b5c6d": the prefix says what it is, the tail tells ids apart. */
export function shortenId(id: string): string {
  if (id.length <= 16) return id
  const underscore = id.indexOf('_')
  const head = underscore > 0 && underscore < 8 ? id.slice(0, underscore + 3) : id.slice(0, 5)
  return `${head}…${id.slice(-6)}`
}

/** A gateway id shown short on one line, the whole id in its tooltip, and a button that copies it whole. */
export function ShortId({ id, kind }: { id: string; kind: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id)
      setCopied(true)
    } catch {
      // No clipboard (an insecure origin, a refusal): the full id stays readable in the tooltip.
    }
  }
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span className="font-mono text-xs" title={id} data-full-id={id}>
        {shortenId(id)}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy ${kind} ${id}`}
        className="rounded px-1.5 py-0.5 text-[11px] font-semibold text-fg-secondary ring-1 ring-control hover:bg-muted focus-ring"
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  )
}
