import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** Runs axe-core in the page and lists its serious and critical violations, readably. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, not added as an inline <script>, which the page's CSP refuses.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
      }
    ).axe
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    )
}
