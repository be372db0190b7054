import { launchChromium } from '#tests/e2e/browser.ts'
import type { Figure } from './event-store-bench.ts'
import { printAgainstBuiltServer } from './print-figures.ts'

const runs = 3
const settleMs = 3000

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * How busy a first visit to `/` keeps the browser's main thread, on a phone-sized screen without
 * throttling: Chromium's own task time (`Performance.getMetrics` TaskDuration) until the load event,
 * and over the next 3 seconds with nobody scrolling, when only what keeps running (animations,
 * timers) still costs anything. Median of 3 fresh pages. Unthrottled, unlike Lighthouse's figures,
 * so it moves less with the machine's load.
 */
export async function measureLandingMainThread(baseUrl: string): Promise<Figure[]> {
  const browser = await launchChromium()
  try {
    const load: number[] = []
    const after: number[] = []
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable')
      const taskMs = async () =>
        ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ??
          0) * 1000
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
      const atLoad = await taskMs()
      await page.waitForTimeout(settleMs)
      load.push(atLoad)
      after.push((await taskMs()) - atLoad)
      await context.close()
    }
    const range = (values: number[]) =>
      `${runs} runs ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`
    return [
      { name: 'landing main thread until load', value: median(load), unit: 'ms', note: `412×823, ${range(load)}` },
      {
        name: 'landing main thread in the 3 s after load',
        value: median(after),
        unit: 'ms',
        note: `nobody scrolling, ${range(after)}`,
      },
    ]
  } finally {
    await browser.close()
  }
}

if (import.meta.main) await printAgainstBuiltServer(measureLandingMainThread)
