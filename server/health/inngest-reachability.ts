import type { InngestSettings } from '#server/jobs/inngest-client.ts'
import type { InngestCheck } from './readiness-checks.ts'

/** Where the Inngest dev server listens when INNGEST_DEV=1 names no other address. */
const devServerUrl = 'http://localhost:8288/'
const probeTimeoutMs = 2_000

/**
 * A self-hosted or dev Inngest server is part of this deployment: `up` when it answers
 * `GET /health` below 500 within 2 s, `down` otherwise. Inngest Cloud is `not-checked`: it is not
 * ours to watch, and its outage must not take every replica out of the load balancer (0024).
 */
export async function inngestReachability(settings: InngestSettings | undefined): Promise<InngestCheck> {
  if (!settings) return 'not-configured'
  const base = settings.baseUrl ?? (settings.mode === 'dev' ? devServerUrl : undefined)
  if (!base) return 'not-checked'
  try {
    const response = await fetch(new URL('health', base.endsWith('/') ? base : `${base}/`), {
      signal: AbortSignal.timeout(probeTimeoutMs),
    })
    await response.body?.cancel()
    return response.status < 500 ? 'up' : 'down'
  } catch {
    return 'down'
  }
}
