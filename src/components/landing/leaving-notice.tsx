import { useRouterState } from '@tanstack/react-router'
import { useBroughtIntoView } from '#src/components/pricing/use-brought-into-view.ts'

/**
 * What the person was told on leaving (the account deleted), on the page they land on: announced,
 * and focused so it is read where they are looking.
 */
export function LeavingNotice() {
  const notice = useRouterState({ select: (state) => state.location.state.notice ?? null })
  const ref = useBroughtIntoView<HTMLParagraphElement>(notice)
  return (
    <div role="status" aria-atomic="true" className="mx-auto max-w-3xl px-4 sm:px-6">
      {notice && (
        <p
          ref={ref}
          tabIndex={-1}
          className="mt-6 rounded-lg border border-success-line bg-success-subtle px-4 py-3 text-sm text-success focus-ring"
        >
          {notice}
        </p>
      )}
    </div>
  )
}
