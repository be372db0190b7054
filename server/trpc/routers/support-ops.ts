import { rebuildProjection } from '#server/trpc/procedures/support/rebuild-projection.ts'
import { rebuilds } from '#server/trpc/procedures/support/rebuilds.ts'
import { refundPayment, refunds } from '#server/trpc/procedures/support/refunds.ts'
import { replayUser } from '#server/trpc/procedures/support/replay-user.ts'
import { retryDelivery } from '#server/trpc/procedures/support/retry-delivery.ts'
import { webhookDeliveries } from '#server/trpc/procedures/support/webhook-deliveries.ts'

/** Support's repair tools: replay with a diff, whole-view rebuilds, webhook deliveries and their retries, refunds. */
export const supportOpsProcedures = {
  replayUser,
  rebuildProjection,
  rebuilds,
  webhookDeliveries,
  retryDelivery,
  refunds,
  refundPayment,
}
