import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'

/** interview.sessionActive: the session questions go to. */
export function useActiveSession() {
  const trpc = useTRPC()
  return useQuery({ ...trpc.interview.sessionActive.queryOptions(), staleTime: 0, retry: 1 })
}
