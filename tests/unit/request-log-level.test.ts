import { describe, expect, it } from 'vitest'
import { withRequestLog } from '#server/http/request-log.ts'
import type { Logger } from '#server/logger.ts'

function recordingLogger() {
  const lines: { level: string; path: unknown }[] = []
  const at =
    (level: string) =>
    (_message: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, path: fields?.path })
    }
  const log: Logger = {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  }
  return { lines, log }
}

describe('the request log level', () => {
  it('logs a probe saying "not ready" as information and any other 5xx as an error', async () => {
    const { lines, log } = recordingLogger()
    const handle = withRequestLog(() => new Response('unavailable', { status: 503 }), log)
    for (const path of ['/api/health', '/api/ready', '/api/interview/history'])
      await (await handle(new Request(`http://localhost${path}`))).text()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(lines).toEqual([
      { level: 'info', path: '/api/health' },
      { level: 'info', path: '/api/ready' },
      { level: 'error', path: '/api/interview/history' },
    ])
  })
})
