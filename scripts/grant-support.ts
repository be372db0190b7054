// `npm run support:grant -- someone@example.com [--revoke]`: makes an existing account support staff (or a plain user again).
// The same as `npm run support -- grant|revoke someone@example.com`.
import { run } from './support/grant.ts'
import { CommandRefused } from './support/staff.ts'

const args = process.argv.slice(2)
const revoke = args.includes('--revoke')
try {
  process.exitCode = await run(
    args.filter((argument) => argument !== '--revoke'),
    revoke ? 'user' : 'support',
  )
} catch (error) {
  if (!(error instanceof CommandRefused)) throw error
  console.error(error.exitCode === 2 ? 'Usage: npm run support:grant -- someone@example.com [--revoke]' : error.message)
  process.exitCode = error.exitCode
}
