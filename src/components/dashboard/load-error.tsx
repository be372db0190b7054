/** A failed load, said plainly, with a way to try again (never a blank area). */
export function LoadError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string
  onRetry: () => void
  retrying?: boolean
}) {
  return (
    <div role="alert" className="rounded-xl border border-danger-line bg-danger-subtle p-4 text-sm text-danger-strong">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-3 inline-flex items-center rounded-lg border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-100 focus-ring disabled:opacity-60 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900"
      >
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  )
}
