import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { whereToUse } from '#rules/where-to-use.ts'
import { useTRPC } from '#src/trpc/react.ts'

/** Above the desktop guide: whether the desktop app is out yet, and the browser's live page either way. */
export function WhereToUseNote() {
  const trpc = useTRPC()
  const releases = useQuery(trpc.site.releases.queryOptions())
  if (!releases.data) return null
  return (
    <p className="mb-5 rounded-lg bg-accent-subtle p-3 text-sm text-accent-strong" data-testid="where-to-use">
      {whereToUse(releases.data.windows !== null)}{' '}
      <Link to="/live" className="font-semibold underline">
        Open the live interview
      </Link>
    </p>
  )
}
