import type { AppConfig } from '#app.config.ts'
import { handoverLimitMs } from './stop-handover.ts'

/** From the signal to cutting the connections left: the handover to a polling proxy, then the drain. */
export function closeBoundMs(stop: AppConfig['stop']): number {
  return handoverLimitMs + stop.drainSeconds * 1000
}
