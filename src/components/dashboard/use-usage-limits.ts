import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'

/** interviews.usageLimits, read fresh on every visit: another device may have used an interview. */
export function useUsageLimits() {
  const trpc = useTRPC()
  return useQuery({ ...trpc.interviews.usageLimits.queryOptions(), staleTime: 0, retry: 1 })
}
