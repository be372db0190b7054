export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand/20 border-t-brand motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  )
}

/** A spinner in the middle of the page area, for whole pages that are still loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <main className="flex min-h-[60vh] items-center justify-center">
      <Spinner {...(label ? { label } : {})} />
    </main>
  )
}
