import type { Migration } from 'kysely/migration'
import * as eventStore from './0001-event-store.ts'
import * as userActivity from './0002-user-activity-view.ts'
import * as accounts from './0003-accounts.ts'
import * as mail from './0004-mail.ts'
import * as usersView from './0005-users-view.ts'
import * as analytics from './0006-analytics.ts'
import * as payments from './0007-payments.ts'
import * as contact from './0008-contact.ts'
import * as interviews from './0009-interviews.ts'
import * as projectionFailures from './0010-projection-failures.ts'
import * as authSessions from './0011-auth-sessions.ts'
import * as webhookOutcomes from './0012-webhook-outcomes.ts'
import * as personalData from './0013-personal-data.ts'
import * as webhookEventSent from './0014-webhook-event-sent.ts'
import * as idempotencyKeys from './0015-idempotency-keys.ts'
import * as planChanges from './0016-plan-changes-and-order-expiry.ts'
import * as invoices from './0018-invoices.ts'
import * as releases from './0020-releases.ts'
import * as sandboxIdentityCodes from './0022-sandbox-identity-codes.ts'
import * as supportTimeline from './0023-support-timeline.ts'
import * as webhookDeliveryRuns from './0025-webhook-delivery-runs.ts'
import * as projectionRebuilds from './0026-projection-rebuilds.ts'
import * as aggregateSnapshots from './0028-aggregate-snapshots.ts'
import * as readStreamFunction from './0029-read-stream-function.ts'
import * as ownerStatusFunction from './0035-owner-status-function.ts'
import * as appendStreamsFunction from './0036-append-streams-function.ts'
import * as refundsIndex from './0037-refunds-index.ts'
import * as interviewReview from './0038-interview-review.ts'
import * as mailForgetWhenSent from './0039-mail-forget-when-sent.ts'
import * as signInChallenges from './0040-sign-in-challenges.ts'
import * as reviewWordsFromHistory from './0042-review-words-from-history.ts'
import * as liveInstances from './0043-live-instances.ts'
import * as deliveryClaimsNameAServer from './0044-delivery-claims-name-a-server.ts'
import * as dropAppendStreams from './0045-drop-append-streams.ts'
import * as writeHeldAppendsFunction from './0046-write-held-appends-function.ts'

/** Listed statically (not read from the folder) so the bundled server carries them. Order = name order. */
export const migrations: Record<string, Migration> = {
  '0001-event-store': eventStore,
  '0002-user-activity-view': userActivity,
  '0003-accounts': accounts,
  '0004-mail': mail,
  '0005-users-view': usersView,
  '0006-analytics': analytics,
  '0007-payments': payments,
  '0008-contact': contact,
  '0009-interviews': interviews,
  '0010-projection-failures': projectionFailures,
  '0011-auth-sessions': authSessions,
  '0012-webhook-outcomes': webhookOutcomes,
  '0013-personal-data': personalData,
  '0014-webhook-event-sent': webhookEventSent,
  '0015-idempotency-keys': idempotencyKeys,
  '0016-plan-changes-and-order-expiry': planChanges,
  '0018-invoices': invoices,
  '0020-releases': releases,
  '0022-sandbox-identity-codes': sandboxIdentityCodes,
  '0023-support-timeline': supportTimeline,
  '0025-webhook-delivery-runs': webhookDeliveryRuns,
  '0026-projection-rebuilds': projectionRebuilds,
  '0028-aggregate-snapshots': aggregateSnapshots,
  '0029-read-stream-function': readStreamFunction,
  '0035-owner-status-function': ownerStatusFunction,
  '0036-append-streams-function': appendStreamsFunction,
  '0037-refunds-index': refundsIndex,
  '0038-interview-review': interviewReview,
  '0039-mail-forget-when-sent': mailForgetWhenSent,
  '0040-sign-in-challenges': signInChallenges,
  '0042-review-words-from-history': reviewWordsFromHistory,
  '0043-live-instances': liveInstances,
  '0044-delivery-claims-name-a-server': deliveryClaimsNameAServer,
  '0045-drop-append-streams': dropAppendStreams,
  '0046-write-held-appends-function': writeHeldAppendsFunction,
}
