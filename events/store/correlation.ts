import type { EventMetadata, StoredEvent } from './types.ts'

type MetadataFor = (userId?: string) => EventMetadata

/**
 * Events that carry on a process begun earlier (an order's payment, failure or expiry, and the
 * plan period and invoice a payment starts) keep the correlation id of the process's first
 * event, so one id finds the whole process across streams. What set them off now (a webhook
 * delivery, a checkout request, a job) becomes their causation id.
 */
export function continuingProcess(metadataFor: MetadataFor, processEvents: readonly StoredEvent[]): MetadataFor {
  const begun = processEvents[0]?.metadata.correlationId
  if (begun === undefined) return metadataFor
  return (userId) => {
    const metadata = metadataFor(userId)
    const cause = metadata.causationId ?? metadata.requestId ?? metadata.correlationId
    return { ...metadata, correlationId: begun, ...(cause === undefined ? {} : { causationId: cause }) }
  }
}
