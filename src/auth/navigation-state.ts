import type { PlanId } from '#app.catalog.ts'

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only with an interface
  interface HistoryState {
    /** Where the user was headed (path, search and hash) when sent to /login. */
    from?: string
    /** Shown above the sign-in form, e.g. 'Please sign in to continue with your purchase'. */
    message?: string
    /** The plan the user picked before being asked to sign in. */
    planType?: PlanId
    /** Set after sign-in so the pricing section resumes the payment for planType. */
    continuePayment?: boolean
    /** Told on the page a person lands on after leaving, e.g. that their account is deleted. */
    notice?: string
  }
}

export type SignInDestination = { href: string; state: { planType?: PlanId; continuePayment?: boolean } }

/** Only same-site paths: a crafted `from` must not send the user to another host after sign-in. */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null
  const pathname = from.split(/[?#]/)[0]
  return pathname === '/login' ? null : from
}

/** Where a successful sign-in leads. */
export function signInDestination(state: {
  from?: string | undefined
  planType?: PlanId | undefined
}): SignInDestination {
  const from = safeReturnPath(state.from)
  if (state.planType && from) return { href: from, state: { planType: state.planType, continuePayment: true } }
  return { href: from ?? '/dashboard', state: {} }
}
