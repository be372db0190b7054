import { randomUUID } from 'node:crypto'
import type { TestDatabase } from './databases.ts'
import { databaseMailbox, mailedToken } from './mailbox.ts'
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
  const token = await mailedToken(databaseMailbox(database), email)
  dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  return dataOf<{ tokens: { accessToken: string } }>(await api('POST', '/auth/login', { body: { email, password } }))
    .tokens.accessToken
}
