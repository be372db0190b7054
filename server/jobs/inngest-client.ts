import { Inngest } from 'inngest'
import type { AppConfig } from '#app.config.ts'

export type InngestSettings = NonNullable<AppConfig['inngest']>

/**
 * Configured only from app.config.ts, never from Inngest's own reading of the environment.
 * Checkpointing is off: every step is one request that Inngest records (decision 0024).
 */
export function createInngestClient(settings: InngestSettings) {
  return new Inngest({
    id: 'interview-helper',
    isDev: settings.mode === 'dev',
    checkpointing: false,
    ...(settings.eventKey ? { eventKey: settings.eventKey } : {}),
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
  })
}

export type InngestClient = ReturnType<typeof createInngestClient>
