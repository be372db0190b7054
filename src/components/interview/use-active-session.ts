import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'

/** interviews.sessionActive: the session questions go to. */
export function useActiveSession() {
  const trpc = useTRPC()
  return useQuery({ ...trpc.interviews.sessionActive.queryOptions(), staleTime: 0, retry: 1 })
}
