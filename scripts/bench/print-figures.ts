import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { startBuiltServer } from '#tests/support/server.ts'
import type { Figure } from './event-store-bench.ts'

/** One figure as the web benches print it. */
export function printFigure(figure: Figure): void {
  console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? ` (${figure.note})` : ''}`)
}

/** Runs one page measurement on its own: builds if stale, starts the built server, prints the figures. */
export async function printAgainstBuiltServer(measure: (baseUrl: string) => Promise<Figure[]>): Promise<void> {
  buildIfStale({ quiet: true })
  const server = await startBuiltServer()
  try {
    for (const figure of await measure(server.url)) printFigure(figure)
  } finally {
    await server.stop()
  }
}
