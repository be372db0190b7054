import type { InngestSettings } from '#server/jobs/inngest-client.ts'

/** Where the Inngest dev server listens when INNGEST_DEV=1 names no other address. */
const devServerUrl = 'http://localhost:8288/'
const probeTimeoutMs = 2_000

/**
 * - `up`: a self-hosted or dev Inngest server answered `GET /health` below 500 within 2 s;
 * - `down`: it did not (refused, timed out, or 5xx);
 * - `not-checked`: Inngest Cloud, which is not ours to watch: its outage must not take every
 *   replica out of the load balancer (decision 0024);
 * - `not-configured`: background jobs run in-process.
 */
export type InngestCheck = 'up' | 'down' | 'not-checked' | 'not-configured'

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
