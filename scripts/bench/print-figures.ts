import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { startBuiltServer } from '#tests/support/server.ts'
import type { DatabaseKind } from '#tests/support/databases.ts'
import type { Figure } from './event-store-bench.ts'

/** The databases a bench run alone measures: both, or one of them with `--pglite-only` / `--postgres-only`. */
export function databaseKindsFrom(args: readonly string[]): DatabaseKind[] {
  if (args.includes('--pglite-only')) return ['pglite']
  if (args.includes('--postgres-only')) return ['postgres']
  return ['pglite', 'postgres']
}

/** Figures as the database benches print them when run alone: whole units. */
export function printRoundedFigures(figures: readonly Figure[]): void {
  for (const figure of figures)
    console.log(`${figure.name}: ${Math.round(figure.value)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
}

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
