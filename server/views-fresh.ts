import { untilLogReadable } from '#events/store/log-readable.ts'
import { eventsAppendedEvent } from './jobs/projection-jobs.ts'
import type { Runtime } from './runtime.types.ts'

/**
 * How long a read waits for a transaction older than the last write to end: the projectors read
 * the log in commit order, so until then they cannot apply that write. Past it the view is read
 * as it is (a support rebuild or a stuck writer must not stall every person's reads).
 */
const READABLE_WAIT_MS = 2_000

/**
 * Waits for the in-process projectors to apply what has been appended, so a person reading a view
 * right after a change sees it (read-your-writes), however many others keep writing meanwhile,
 * and also while another transaction on the server is open. With Inngest, views are eventually
 * consistent.
 */
export async function viewsFresh(runtime: Runtime): Promise<void> {
  if (runtime.jobs.mode !== 'in-process') return
  // A projector that ran while the log was held back read nothing of it and went idle: wake it.
  if ((await untilLogReadable(runtime.db, READABLE_WAIT_MS)) !== 'readable') runtime.jobs.wake(eventsAppendedEvent)
  await runtime.jobs.caughtUp('project-')
}
