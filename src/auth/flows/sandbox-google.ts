import type { AppClient } from './embedded-flows.ts'
import type { SignInResult } from '#src/auth/auth-types.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { errorDetails, errorMessage, publicErrorCode } from '#src/auth/trpc-errors.ts'

/** Where the sandbox provider's consent screen lives (it plays Google's part, in TEST MODE). */
const sandboxConsentPath = '/auth/google-sandbox'

const storageKey = 'interview-helper.google-sandbox'

function randomText(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return base64url(bytes)
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

async function challengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}

/**
 * Sends the browser to the consent screen like an OAuth redirect: the state guards the callback
 * against a code this tab did not ask for, the verifier (kept in this tab) proves the code is ours.
 */
export async function beginSandboxGoogle(): Promise<void> {
  const state = randomText()
  const verifier = randomText()
  sessionStorage.setItem(storageKey, JSON.stringify({ state, verifier }))
  const query = new URLSearchParams({ state, code_challenge: await challengeOf(verifier) })
  window.location.assign(`${sandboxConsentPath}?${query.toString()}`)
}

function takeStoredRequest(): { state: string; verifier: string } | null {
  const stored = sessionStorage.getItem(storageKey)
  sessionStorage.removeItem(storageKey)
  if (!stored) return null
  try {
    const parsed: unknown = JSON.parse(stored)
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'state' in parsed &&
      'verifier' in parsed &&
      typeof parsed.state === 'string' &&
      typeof parsed.verifier === 'string'
    ) {
      return { state: parsed.state, verifier: parsed.verifier }
    }
  } catch {
    // A damaged entry is no request at all.
  }
  return null
}

/** On /auth/callback: exchanges the consent screen's one-time code for a session. */
export async function completeSandboxGoogle(client: AppClient): Promise<SignInResult> {
  const url = new URL(window.location.href)
  const code = url.searchParams.get('code')
  const state = url.searchParams.get('state')
  const refused = url.searchParams.get('error')
  // The code is single-use, but it has no business staying in the history.
  for (const key of ['code', 'state', 'error']) url.searchParams.delete(key)
  window.history.replaceState(window.history.state, '', url.toString())
  const request = takeStoredRequest()
  if (refused) return { success: false, error: uiMessages.oauthFailed }
  if (!code || request?.state !== state) return { success: false, error: uiMessages.noSession }
  try {
    const session = await client.accounts.sandboxGoogleExchange.mutate({ code, verifier: request.verifier })
    return { success: true, session }
  } catch (error) {
    const challengeToken = errorDetails(error)?.challengeToken
    if (publicErrorCode(error) === 'mfa_required' && challengeToken)
      return { success: false, error: errorMessage(error, uiMessages.oauthFailed), challengeToken }
    return { success: false, error: `${uiMessages.backendAuthFailed}${errorMessage(error, uiMessages.oauthFailed)}` }
  }
}
