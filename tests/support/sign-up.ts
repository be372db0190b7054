import { randomUUID } from 'node:crypto'
import type { TestDatabase } from './databases.ts'
import { dataOf, type restClient } from './rest-client.ts'

/**
 * Registers a person over REST, confirms the address with the link from the development mailbox,
 * signs in, and answers the access token.
 */
export async function signedUpUserToken(
  api: ReturnType<typeof restClient>,
  database: TestDatabase,
  person: { password: string; firstName?: string; lastName?: string; email?: string },
): Promise<string> {
  const {
    password,
    firstName = 'Ravi',
    lastName = 'Kumar',
    email = `buyer-${randomUUID().slice(0, 8)}@example.com`,
  } = person
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName, lastName } }))
  const token = await mailedConfirmationToken(database, email)
  dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  return dataOf<{ tokens: { accessToken: string } }>(await api('POST', '/auth/login', { body: { email, password } }))
    .tokens.accessToken
}

/** The token of the confirmation link mailed to `email`, read from the development mailbox as it arrives. */
export async function mailedConfirmationToken(database: TestDatabase, email: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = await database.db
      .selectFrom('dev_mailbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirst()
    const token = mail?.text_body.match(/email-confirmed\?token=([\w-]+)/)?.[1]
    if (token) return token
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}
