// Part of `npm run build`: writes the migrated PGlite template a new data folder starts from.
import path from 'node:path'
import { writeTemplate } from '#server/db/pglite-template.ts'
import { projectRoot } from './build-if-stale.mjs'

const file = await writeTemplate(path.join(projectRoot, '.output/pglite-template'))
process.stdout.write(`PGlite template: ${path.relative(projectRoot, file)}\n`)
