import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { templateFile, writeTemplate } from '#server/db/pglite-template.ts'
import { projectRoot } from '#scripts/build-if-stale.mjs'

/**
 * Tests run from the sources, not the build: their template is kept apart from `.output` (which a
 * build replaces) and counts as current only when it is newer than every migration file, so a
 * migration edited under the same name is never served from an old template.
 */
const testTemplateDir = path.join(projectRoot, 'node_modules/.cache/interview-helper/pglite-template')

function newestMigrationMtime(): number {
  const folder = path.join(projectRoot, 'migrations')
  return Math.max(...readdirSync(folder).map((name) => statSync(path.join(folder, name)).mtimeMs))
}

/** The template folder for migrated test databases, or undefined while it is missing or older than a migration. */
export function currentTestTemplateDir(): string | undefined {
  const file = templateFile(testTemplateDir)
  return existsSync(file) && statSync(file).mtimeMs > newestMigrationMtime() ? testTemplateDir : undefined
}

/** Writes the test template when it is not current (once per run: the global setups share it). */
export async function ensureTestTemplate(): Promise<void> {
  if (currentTestTemplateDir() === undefined) await writeTemplate(testTemplateDir)
}
