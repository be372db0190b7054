import { launchChromium } from '#tests/e2e/browser.ts'
import type { Figure } from './event-store-bench.ts'
import { printAgainstBuiltServer } from './print-figures.ts'

type Transfer = { type: string; encoded: number; decoded: number }

const kinds = [
  { label: 'JS', types: ['Script'] },
  { label: 'CSS', types: ['Stylesheet'] },
  { label: 'HTML', types: ['Document'] },
] as const

/**
 * What a first visit to `/` moves over the wire: the sum of Chromium's encodedDataLength (headers
 * and body as received, so after any Content-Encoding) over every request the page makes until the
 * network goes idle, in all and for its scripts, stylesheets and the page itself, and the decoded
 * size of the same bodies for comparison.
 */
export async function measureLandingTransfer(baseUrl: string): Promise<Figure[]> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const transfers = new Map<string, Transfer>()
    const transfer = (requestId: string) => {
      const known = transfers.get(requestId) ?? { type: 'Other', encoded: 0, decoded: 0 }
      transfers.set(requestId, known)
      return known
    }
    cdp.on('Network.responseReceived', (event) => {
      transfer(event.requestId).type = event.type
    })
    cdp.on('Network.dataReceived', (event) => {
      transfer(event.requestId).decoded += event.dataLength
    })
    cdp.on('Network.loadingFinished', (event) => {
      transfer(event.requestId).encoded = event.encodedDataLength
    })
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    const all = [...transfers.values()]
    const sum = (items: Transfer[], size: 'encoded' | 'decoded') =>
      items.reduce((total, item) => total + item[size], 0) / 1024
    const figures: Figure[] = [
      { name: 'landing transferred', value: sum(all, 'encoded'), unit: 'KiB', note: `${all.length} requests` },
    ]
    for (const kind of kinds) {
      const items = all.filter((item) => (kind.types as readonly string[]).includes(item.type))
      figures.push({
        name: `landing ${kind.label} transferred`,
        value: sum(items, 'encoded'),
        unit: 'KiB',
        note: `${items.length} requests, ${sum(items, 'decoded').toFixed(1)} KiB decoded`,
      })
    }
    figures.push({ name: 'landing decoded bodies', value: sum(all, 'decoded'), unit: 'KiB' })
    return figures
  } finally {
    await browser.close()
  }
}

if (import.meta.main) await printAgainstBuiltServer(measureLandingTransfer)
