import { useQuery } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { inputClass, labelClass, primaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { UserResults } from './user-results.tsx'

/** support.searchUsers: people by e-mail (part of it) or by id, erased ones included. */
export function UserSearch({ onOpen }: { onOpen: (userId: string) => void }) {
  const trpc = useTRPC()
  const id = useId()
  const [text, setText] = useState('')
  const [query, setQuery] = useState<string | null>(null)
  const search = useQuery({
    ...trpc.support.searchUsers.queryOptions({ query: query ?? '' }),
    enabled: query !== null,
    staleTime: 0,
    retry: false,
  })
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    setQuery(text.trim())
  }
  return (
    <Card id={`${id}-heading`} title="Find a person">
      <form onSubmit={submit} role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-query`} className={labelClass}>
            E-mail or user id
          </label>
          <input
            id={`${id}-query`}
            className={inputClass}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={254}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </form>
      <div className="mt-4">
        {query === null ? null : search.isPending ? (
          <Spinner label="Searching" className="py-6" />
        ) : search.isError ? (
          <LoadError
            message={`Search failed: ${search.error.message}`}
            onRetry={() => void search.refetch()}
            retrying={search.isFetching}
          />
        ) : (
          <UserResults users={search.data.users} onOpen={onOpen} />
        )}
      </div>
    </Card>
  )
}
