import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '#tests/support/server.ts'
import type { Figure } from './event-store-bench.ts'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Runs per form factor; the median is printed, the range beside it (scores move a few points between runs on a busy machine). */
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

type Run = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; unusedJsKiB: number }

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function summary(name: string, unit: string, values: number[], note: string, digits = 0): Figure {
  const range =
    values.length > 1
      ? `, ${runs} runs ${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`
      : ''
  return { name, value: median(values), unit, note: `${note}${range}` }
}

/**
 * Lighthouse against Debian's Chromium, headless and without a sandbox: mobile (its default,
 * simulated slow 4G and a 4× slower CPU) and desktop (its desktop preset), `runs` times each.
 */
export async function lighthouseFigures(url: string): Promise<Figure[]> {
  const port = await freePort()
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-chromium-'))
  const chromium = spawn(
    chromiumPath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  try {
    await waitForDevTools(port)
    const { default: lighthouse, desktopConfig } = await import('lighthouse')
    const once = async (formFactor: 'mobile' | 'desktop'): Promise<Run> => {
      const result = await lighthouse(
        url,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      )
      if (!result) throw new Error('Lighthouse returned no result')
      const { categories, audits } = result.lhr
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100)
      const unusedJs = audits['unused-javascript']?.details
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        unusedJsKiB:
          unusedJs && 'overallSavingsBytes' in unusedJs && typeof unusedJs.overallSavingsBytes === 'number'
            ? unusedJs.overallSavingsBytes / 1024
            : 0,
      }
    }
    const figures: Figure[] = []
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const results: Run[] = []
      for (let run = 0; run < runs; run += 1) results.push(await once(formFactor))
      const note = formFactor === 'mobile' ? 'simulated mobile, Debian Chromium headless' : 'desktop preset'
      const of = (key: keyof Run) => results.map((result) => result[key])
      figures.push(
        summary(`Lighthouse ${formFactor} performance`, '/ 100', of('performance'), note),
        summary(`Lighthouse ${formFactor} accessibility`, '/ 100', of('accessibility'), note),
        summary(`Lighthouse ${formFactor} LCP`, 'ms', of('lcpMs'), 'largest contentful paint, simulated'),
        summary(`Lighthouse ${formFactor} TBT`, 'ms', of('tbtMs'), 'total blocking time, simulated'),
        summary(`Lighthouse ${formFactor} unused JS`, 'KiB', of('unusedJsKiB'), 'transferred, never run', 1),
      )
    }
    return figures
  } finally {
    chromium.kill('SIGKILL')
    await rm(profile, { recursive: true, force: true })
  }
}
