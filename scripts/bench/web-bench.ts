import { gzipSync } from 'node:zlib'
import { buildIfStale } from '#scripts/build-if-stale.mjs'
import {
  firstLoadAssets,
  firstLoadJsCeilingBytes,
  firstLoadJsTargetBytes,
  gzippedBytes,
} from '#tests/support/first-load-assets.ts'
import { startBuiltServer } from '#tests/support/server.ts'
import type { Figure } from './event-store-bench.ts'
import { measureLandingMainThread } from './landing-main-thread.ts'
import { measureLandingTransfer } from './landing-transfer.ts'
import { lighthouseFigures } from './lighthouse.ts'
import { printFigure } from './print-figures.ts'

/** The landing page's weight, what a first visit transfers and its Lighthouse scores, against the production build. */
export async function benchWeb(): Promise<Figure[]> {
  buildIfStale({ quiet: true })
  const server = await startBuiltServer()
  try {
    const html = await (await fetch(`${server.url}/`)).text()
    const assets = await firstLoadAssets(html)
    const figures: Figure[] = [
      {
        name: 'landing first-load JavaScript (gzip)',
        value: (await gzippedBytes(assets.js)) / 1000,
        unit: 'KB',
        note: `${assets.js.length} files, target ${firstLoadJsTargetBytes / 1000} KB, ceiling ${firstLoadJsCeilingBytes / 1000} KB`,
      },
      {
        name: 'landing CSS (gzip)',
        value: (await gzippedBytes(assets.css)) / 1000,
        unit: 'KB',
        note: `${assets.css.length} files`,
      },
      { name: 'landing HTML (gzip)', value: gzipSync(html, { level: 9 }).length / 1000, unit: 'KB' },
      ...(await measureLandingTransfer(server.url)),
      ...(await measureLandingMainThread(server.url)),
    ]
    try {
      figures.push(...(await lighthouseFigures(`${server.url}/`)))
    } catch (error) {
      console.log(`  Lighthouse could not run here: ${error instanceof Error ? error.message : String(error)}`)
    }
    return figures
  } finally {
    await server.stop()
  }
}

if (import.meta.main) for (const figure of await benchWeb()) printFigure(figure)
