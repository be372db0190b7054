import { userMessages } from '#events/users/user-decider.ts'
import { noSuchProjection } from '#server/support/projection-status.ts'
import { examplePerson, exampleIds, exampleTimes } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

const checkpoint = { transactionId: '48213', globalPosition: 1207 }

const projection = {
  name: 'interview_history',
  version: 3,
  storedVersion: 3,
  eventsApplied: 1207,
  checkpoint,
  updatedAt: exampleTimes.sessionEnded,
  stuck: null,
}

export const supportExamples = {
  'GET /support/users': {
    request: { query: { query: 'asha.rao@' } },
    success: {
      users: [
        {
          userId: exampleIds.user,
          email: examplePerson.email,
          name: 'Asha Rao',
          status: 'active',
          role: 'user',
          createdAt: exampleTimes.created,
          lastLoginAt: exampleTimes.signedIn,
          erasedAt: null,
        },
      ],
    },
  },
  'GET /support/users/{userId}/events': {
    request: { path: { userId: exampleIds.user } },
    success: {
      userId: exampleIds.user,
      erased: false,
      events: [
        {
          eventId: '0b6c3f0e-1a2d-4e5f-8a9b-0c1d2e3f4a5b',
          type: 'UserRegistered',
          streamId: `user-${exampleIds.user}`,
          streamPosition: 1,
          globalPosition: 1180,
          schemaVersion: 1,
          createdAt: exampleTimes.created,
          actor: { type: 'user', id: exampleIds.user },
          requestId: 'f3a9c2e1-7b4d-4c8e-9a1f-2d3e4f5a6b7c',
          data: { email: examplePerson.email, firstName: 'Asha', lastName: 'Rao', role: 'user' },
        },
      ],
    },
    errors: { not_found: { error: userMessages.notFound } },
  },
  'POST /support/users/{userId}/rebuild': {
    request: { path: { userId: exampleIds.user } },
    success: {
      projections: [
        { projection: 'users_view', replayed: 4 },
        { projection: 'interview_history', replayed: 6 },
      ],
    },
    errors: { not_found: { error: userMessages.notFound } },
  },
  'GET /support/projections': { success: { projections: [projection] } },
  'POST /support/projections/{name}/retry': {
    request: { path: { name: 'interview_history' } },
    success: projection,
    errors: { not_found: { error: noSuchProjection('interview_histroy') } },
  },
} satisfies TagExamples
