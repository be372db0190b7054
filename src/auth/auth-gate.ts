/**
 * The signed-in state as the router sees it (router context `auth`): the signed-in pages' layout
 * route waits in `beforeLoad` until the stored tokens were checked. The auth provider tells it every
 * change as it happens, not after a render, so a page opened right after signing in sees it.
 */
export type AuthGate = {
  /** Resolves once the stored tokens were checked (or someone signed in first). */
  signedIn: () => Promise<boolean>
  /** The stored tokens' check ended; a sign-in or sign-out that ended first has already answered. */
  checked: (signedIn: boolean) => void
  /** Someone signed in or out. */
  changed: (signedIn: boolean) => void
}

export function createAuthGate(): AuthGate {
  let known: boolean | null = null
  let settle: (signedIn: boolean) => void = () => undefined
  const first = new Promise<boolean>((resolve) => {
    settle = resolve
  })
  const changed = (signedIn: boolean) => {
    if (known === null) settle(signedIn)
    known = signedIn
  }
  return {
    signedIn: () => (known === null ? first : Promise.resolve(known)),
    checked: (signedIn) => {
      if (known === null) changed(signedIn)
    },
    changed,
  }
}
