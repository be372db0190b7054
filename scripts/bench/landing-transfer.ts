import { launchChromium } from '#tests/e2e/browser.ts'
import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { startBuiltServer } from '#tests/support/server.ts'
import type { Figure } from './event-store-bench.ts'

/**
 * What a first visit to `/` moves over the wire: the sum of Chromium's encodedDataLength (headers
 * and body as received, so after any Content-Encoding) over every request the page makes until the
 * network goes idle, and the decoded size of the same bodies for comparison.
 */
export async function measureLandingTransfer(baseUrl: string): Promise<Figure[]> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const decoded = new Map<string, number>()
    const encoded = new Map<string, number>()
    cdp.on('Network.dataReceived', (event) => {
      decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength)
    })
    cdp.on('Network.loadingFinished', (event) => encoded.set(event.requestId, event.encodedDataLength))
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((total, size) => total + size, 0)
    return [
      { name: 'landing transferred', value: sum(encoded) / 1024, unit: 'KiB', note: `${encoded.size} requests` },
      { name: 'landing decoded bodies', value: sum(decoded) / 1024, unit: 'KiB' },
    ]
  } finally {
    await browser.close()
  }
}

if (import.meta.main) {
  buildIfStale({ quiet: true })
  const server = await startBuiltServer()
  try {
    for (const figure of await measureLandingTransfer(server.url))
      console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? ` (${figure.note})` : ''}`)
  } finally {
    await server.stop()
  }
}
