import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildIfStale, projectRoot } from '#scripts/build-if-stale.mjs'
import { freePort, startBuiltServer } from '#tests/support/server.ts'
import type { Figure } from './event-store-bench.ts'
import { measureLandingTransfer } from './landing-transfer.ts'

const publicDir = path.join(projectRoot, '.output/public')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Every script and stylesheet the landing page loads up front: the HTML's assets plus the scripts they import statically. */
async function landingAssets(html: string): Promise<{ js: string[]; css: string[] }> {
  const referenced = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '')
  const js = new Set(referenced.filter((asset) => asset.endsWith('.js')))
  const css = new Set(referenced.filter((asset) => asset.endsWith('.css')))
  const queue = [...js]
  while (queue.length > 0) {
    const asset = queue.pop() ?? ''
    const source = await readFile(path.join(publicDir, asset), 'utf8')
    for (const match of source.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      const imported = path.posix.join(path.posix.dirname(asset), match[1] ?? '')
      if (!js.has(imported)) {
        js.add(imported)
        queue.push(imported)
      }
    }
  }
  return { js: [...js], css: [...css] }
}

async function gzippedBytes(assets: string[]): Promise<number> {
  let total = 0
  for (const asset of assets) total += gzipSync(await readFile(path.join(publicDir, asset)), { level: 9 }).length
  return total
}

async function waitForDevTools(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Chromium's DevTools port ${port} did not open`)
}

/** Lighthouse (simulated mobile throttling, its default) against Debian's Chromium, headless and without a sandbox. */
async function lighthouseScores(url: string): Promise<Figure[]> {
  const port = await freePort()
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-chromium-'))
  const chromium = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  try {
    await waitForDevTools(port)
    const { default: lighthouse } = await import('lighthouse')
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    })
    const categories = result?.lhr.categories
    if (!categories) throw new Error('Lighthouse returned no result')
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100)
    return [
      {
        name: 'Lighthouse performance',
        value: score('performance'),
        unit: '/ 100',
        note: 'simulated mobile, Debian Chromium headless',
      },
      { name: 'Lighthouse accessibility', value: score('accessibility'), unit: '/ 100' },
    ]
  } finally {
    chromium.kill('SIGKILL')
    await rm(profile, { recursive: true, force: true })
  }
}

/** The landing page's weight (gzip) and its Lighthouse scores, against the production build. */
export async function benchWeb(): Promise<Figure[]> {
  buildIfStale({ quiet: true })
  const server = await startBuiltServer()
  try {
    const html = await (await fetch(`${server.url}/`)).text()
    const assets = await landingAssets(html)
    const figures: Figure[] = [
      {
        name: 'landing JavaScript (gzip)',
        value: (await gzippedBytes(assets.js)) / 1024,
        unit: 'KiB',
        note: `${assets.js.length} files`,
      },
      {
        name: 'landing CSS (gzip)',
        value: (await gzippedBytes(assets.css)) / 1024,
        unit: 'KiB',
        note: `${assets.css.length} files`,
      },
      { name: 'landing HTML (gzip)', value: gzipSync(html, { level: 9 }).length / 1024, unit: 'KiB' },
      ...(await measureLandingTransfer(server.url)),
    ]
    try {
      figures.push(...(await lighthouseScores(`${server.url}/`)))
    } catch (error) {
      console.log(`  Lighthouse could not run here: ${error instanceof Error ? error.message : String(error)}`)
    }
    return figures
  } finally {
    await server.stop()
  }
}

if (import.meta.main) {
  for (const figure of await benchWeb())
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? ` (${figure.note})` : ''}`)
}
