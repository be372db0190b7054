// `npm run migrate`: brings the configured database (DATABASE_URL, else PGlite in DATA_DIR) to the newest schema.
import { loadConfigOrExit } from '#app.config.ts'
import { migrateToLatest } from '#migrations/migrate.ts'
import { databaseTargetFromConfig, openDatabase } from '#server/db/open-database.ts'
import { createLogger } from '#server/logger.ts'

const config = loadConfigOrExit()
try {
  const database = openDatabase(databaseTargetFromConfig(config.database))
  try {
    const applied = await migrateToLatest(database.db, createLogger('silent'))
    const where = config.database.url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`
    console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${where}.` : `${where} is up to date.`)
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`)
  process.exitCode = 1
}
