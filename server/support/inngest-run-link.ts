import type { AppConfig } from '#app.config.ts'

const cloudDashboard = 'https://app.inngest.com/env/production/runs/'
const devServer = 'http://localhost:8288'

/**
 * Where a run of ours opens in the Inngest dashboard: the self-hosted or dev server's UI, or
 * Inngest Cloud's production environment. Null in-process, or before a run was recorded.
 */
export function inngestRunLink(inngest: AppConfig['inngest'], runId: string | null): string | null {
  if (!inngest || !runId) return null
  const id = encodeURIComponent(runId)
  if (inngest.baseUrl) return `${inngest.baseUrl.replace(/\/+$/, '')}/run?runID=${id}`
  if (inngest.mode === 'dev') return `${devServer}/run?runID=${id}`
  return `${cloudDashboard}${id}`
}
