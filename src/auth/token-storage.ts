/** Spec §9 storage keys; the desktop assistant and the web app share these names. */
export const accessTokenKey = 'jwt_token'
export const refreshTokenKey = 'refresh_token'

export function readAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(accessTokenKey) ?? null
  } catch {
    // Storage can be blocked (privacy modes, sandboxed frames): act signed out.
    return null
  }
}
