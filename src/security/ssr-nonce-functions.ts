import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { nonceOf } from '#server/http/csp-nonce.ts'

/**
 * The router's SSR options. On the server, the nonce the answer's Content-Security-Policy allows
 * (made on first ask, server/http/csp-nonce.ts): the router stamps it on every script and
 * style it renders. The browser needs none: it runs only what the server sent and the bundles
 * those load. The compiler drops the server branch from the client bundle.
 */
export const routerSsrOptions = createIsomorphicFn()
  .server(() => ({ nonce: nonceOf(getRequest()) }))
  .client(() => undefined)
