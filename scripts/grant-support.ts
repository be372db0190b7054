// `npm run support:grant -- someone@example.com [--revoke]`: makes an existing account support staff (or a plain user again).
import { loadConfigOrExit } from '#app.config.ts'
import { changeRole } from '#server/accounts/change-role.ts'
import { normalizeEmail } from '#server/accounts/normalize-email.ts'
import { createRuntime } from '#server/runtime.ts'

const email = process.argv.slice(2).find((argument) => !argument.startsWith('--'))
if (!email) {
  console.error('Usage: npm run support:grant -- someone@example.com [--revoke]')
  process.exit(2)
}
const role = process.argv.includes('--revoke') ? 'user' : 'support'
const runtime = await createRuntime({ config: loadConfigOrExit() })
try {
  const owner = await runtime.db
    .selectFrom('user_emails')
    .select('user_id')
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst()
  if (!owner) {
    console.error(`No account for ${email}.`)
    process.exitCode = 1
  } else {
    await changeRole(runtime, owner.user_id, role, 'grant-support')
    console.log(
      `${email} is now ${role === 'support' ? 'support staff' : 'a plain user'}. Access tokens naming the old role are refused from now on; the apps get a new one at their next token refresh.`,
    )
  }
} finally {
  await runtime.close()
}
