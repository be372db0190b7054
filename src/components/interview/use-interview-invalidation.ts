import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTRPC } from '#src/trpc/react.ts'

/** After a session call, usage, the active session and history are all stale. */
export function useInterviewInvalidation(): () => Promise<void> {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.interviews.pathKey() }), [queryClient, trpc])
}
