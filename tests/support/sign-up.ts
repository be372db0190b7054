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
  let token: string | undefined
  for (let attempt = 0; attempt < 50 && !token; attempt += 1) {
    const mail = await database.db
      .selectFrom('dev_mailbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirst()
    token = mail?.text_body.match(/email-confirmed\?token=(\S+)/)?.[1]
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  return dataOf<{ tokens: { accessToken: string } }>(await api('POST', '/auth/login', { body: { email, password } }))
    .tokens.accessToken
}
