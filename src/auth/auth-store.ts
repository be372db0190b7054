import type { AuthContextValue } from './auth-context.ts'

/**
 * The auth state behind a context whose value never changes: components read it with
 * `useSyncExternalStore`, so a change (the session check right after hydration) reaches only the
 * components that read it. A changed context value would also reach every part of the page that
 * has not hydrated yet, and React throws such a part's server HTML away (decision 0064).
 */
export type AuthStore = {
  get: () => AuthContextValue
  /** What the server rendered with: hydration must read it, whatever the state is by then. */
  initial: () => AuthContextValue
  subscribe: (listener: () => void) => () => void
  set: (value: AuthContextValue) => void
}

export function createAuthStore(first: AuthContextValue): AuthStore {
  let current = first
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    initial: () => first,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set: (value) => {
      if (value === current) return
      current = value
      for (const listener of listeners) listener()
    },
  }
}
