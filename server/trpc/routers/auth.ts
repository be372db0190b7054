import { router } from '../init.ts'
import { plans } from '../procedures/auth/plans.ts'

export const authRouter = router({ plans })
