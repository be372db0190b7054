import type { Runtime } from './runtime.types.ts'

/**
 * Waits for the in-process projectors to apply what has been appended, so a person reading a view
 * right after a change sees it (read-your-writes), however many others keep writing meanwhile.
 * With Inngest, views are eventually consistent.
 */
export function viewsFresh(runtime: Runtime): Promise<void> {
  return runtime.jobs.caughtUp('project-')
}
