/**
 * Kinds of resource Node lists that do not keep a finished process alive: the standard output and
 * error streams, and a file write in flight (the log's own), which ends by itself.
 */
const passingResources = new Set(['PipeWrap', 'TTYWrap', 'FSReqCallback'])

/** What still keeps the process alive: timers, sockets, servers, workers, child processes. */
export function resourcesHoldingProcess(): string[] {
  return process.getActiveResourcesInfo().filter((resource) => !passingResources.has(resource))
}
