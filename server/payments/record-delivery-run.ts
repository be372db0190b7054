import type { Runtime } from '#server/runtime.types.ts'

/** Notes the Inngest run working on a delivery, so support can open that run from the delivery. */
export async function recordDeliveryRun(runtime: Runtime, deliveryId: string, runId: string): Promise<void> {
  await runtime.db
    .updateTable('webhook_deliveries')
    .set({ inngest_run_id: runId.slice(0, 200) })
    .where('event_id', '=', deliveryId)
    .where((eb) => eb.or([eb('inngest_run_id', 'is', null), eb('inngest_run_id', '<>', runId)]))
    .execute()
}
