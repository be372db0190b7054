import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { projectRoot } from '#scripts/build-if-stale.mjs'

const publicDir = path.join(projectRoot, '.output/public')

export type FirstLoadAssets = { js: string[]; css: string[] }

/** A script's static imports of sibling chunks (`import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`); `import("./x.js")` is on demand and left out. */
const staticImport = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g

/**
 * Every script and stylesheet a page makes the browser fetch before any interaction: the files its
 * HTML names (script, stylesheet, modulepreload) and the scripts those import statically, read
 * from the production build. Chunks reached only through `import()` are loaded on demand and are
 * not counted.
 */
export async function firstLoadAssets(html: string): Promise<FirstLoadAssets> {
  const referenced = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '')
  const js = new Set(referenced.filter((asset) => asset.endsWith('.js')))
  const css = new Set(referenced.filter((asset) => asset.endsWith('.css')))
  const queue = [...js]
  while (queue.length > 0) {
    const asset = queue.pop() ?? ''
    const source = await readFile(path.join(publicDir, asset), 'utf8')
    for (const match of source.matchAll(staticImport)) {
      const imported = path.posix.join(path.posix.dirname(asset), match[1] ?? '')
      if (!js.has(imported)) {
        js.add(imported)
        queue.push(imported)
      }
    }
  }
  return { js: [...js].sort(), css: [...css].sort() }
}

/** The bytes of `assets` once each is gzipped on its own (level 9), as a browser receives them one file at a time. */
export async function gzippedBytes(assets: string[]): Promise<number> {
  let total = 0
  for (const asset of assets) total += gzipSync(await readFile(path.join(publicDir, asset)), { level: 9 }).length
  return total
}

/** What a first visit's JavaScript aims at, gzipped. */
export const firstLoadJsTargetBytes = 150 * 1000
/** What it may not exceed, gzipped: the figure of the last measured build with a little room; lowered as the page sheds code, never raised. */
export const firstLoadJsCeilingBytes = 150 * 1000
