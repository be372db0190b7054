import { refreshTokens } from '#src/auth/token-refresh.ts'
import { readAccessToken } from '#src/auth/token-storage.ts'

/**
 * fetch() for the app's own non-tRPC routes (the answer stream, the audio upload) with the stored
 * access token. Like the tRPC client's link, a 401 refreshes the tokens once and repeats the call,
 * so a 15-minute expiry in the middle of a practice session never reaches the user.
 */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    return fetch(path, { ...init, headers })
  }
  const sentWith = readAccessToken()
  const response = await send(sentWith)
  if (response.status !== 401 || sentWith === null) return response
  if ((await refreshTokens(sentWith)) !== 'refreshed') return response
  return send(readAccessToken())
}

/** The `error` of the REST envelope ({ success: false, error }), else the status line. */
export async function errorOfResponse(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error)
      return body.error
  } catch {
    // Not JSON: fall through to the text or the status.
  }
  return text.trim() || `API Error: ${response.status} ${response.statusText}`.trim()
}
