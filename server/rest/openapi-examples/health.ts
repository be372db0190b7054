import { databaseUnreachable } from '#server/health/readiness.ts'
import type { TagExamples } from './operation-example.ts'

const projections = ['users_view', 'subscriptions_view', 'orders_view', 'interview_history'].map((name) => ({
  name,
  behind: 0,
  halted: null,
}))

export const healthExamples = {
  'GET /health': { success: { status: 'live' } },
  'GET /ready': {
    success: {
      status: 'ready',
      checks: { database: 'up', migrations: { current: true, pending: [] }, projections, inngest: 'not-configured' },
    },
    errors: {
      service_unavailable: {
        error: databaseUnreachable,
        details: {
          status: 'not-ready',
          checks: { database: 'down', migrations: null, projections: null, inngest: 'not-configured' },
        },
      },
    },
  },
} satisfies TagExamples
