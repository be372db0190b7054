import { createTRPCContext } from '@trpc/tanstack-react-query'
import type { AppRouter } from '#server/trpc/router.ts'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()
