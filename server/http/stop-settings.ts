import { handoverLimitMs } from './stop-handover.ts'

/** How long answers in flight may take once a stop is asked for, unless SERVER_SHUTDOWN_TIMEOUT says otherwise. */
const defaultDrainSeconds = 10

/** Seconds the answers in flight may take, after the handover, before their connections are cut. */
export function drainSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return Number.parseInt(env.SERVER_SHUTDOWN_TIMEOUT ?? '') || defaultDrainSeconds
}

/** From the signal to cutting the connections left: the handover to a polling proxy, then the drain. */
export function closeBoundMs(env: NodeJS.ProcessEnv = process.env): number {
  return handoverLimitMs + drainSeconds(env) * 1000
}

/**
 * With CI or TEST set, SIGTERM and SIGINT keep Node's default (the process ends at once), as srvx
 * chose for its own handler: a test runner or CI job stopping its children wants them gone.
 */
export function handlesStopSignals(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.CI && !env.TEST
}
