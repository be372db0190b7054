const button =
  'rounded-lg border border-control px-3 py-1.5 text-sm font-medium text-fg-control hover:bg-subtle focus-ring disabled:cursor-not-allowed disabled:opacity-50'

export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number
  pageCount: number
  onPage: (page: number) => void
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Session pages" className="flex items-center justify-between gap-3">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <p className="text-sm text-fg-muted" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  )
}
