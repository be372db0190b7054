import { createFileRoute, Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'

const ApiReferenceView = lazy(async () => {
  // Zod, which the reference parses its configuration with, tries `new Function` once to learn
  // whether it may compile its parsers; under this site's policy that try is a violation report.
  const { config } = await import('zod')
  config({ jitless: true })
  return import('#src/components/marketing/docs/api-reference-view.tsx')
})

export const Route = createFileRoute('/docs/api')({
  head: () => ({
    meta: [
      { title: 'API reference | Interview Helper' },
      {
        name: 'description',
        content: 'The REST API the Interview Helper desktop assistant uses: every operation with examples.',
      },
    ],
  }),
  component: ApiReferencePage,
})

function ApiReferencePage() {
  // The reference renders in the browser only; the server sends the heading and the way to the raw
  // document. It needs this page's own security policy, which only a document loaded here has.
  const ownDocument = useSyncExternalStore(
    noSubscription,
    () => documentPath() === window.location.pathname,
    () => false,
  )
  useEffect(() => {
    // Arrived from another page inside the app: load this one afresh, under its policy.
    if (documentPath() !== window.location.pathname) window.location.reload()
  }, [])
  return (
    <main className="min-h-screen">
      <div className="mx-auto max-w-5xl px-4 pt-10 sm:px-6">
        <p className="text-sm text-fg-muted">
          <Link to="/docs" className="font-medium text-accent underline">
            Docs
          </Link>{' '}
          / API reference
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-fg">API reference</h1>
        <p className="mt-2 max-w-3xl text-fg-muted">
          Every REST operation the desktop assistant calls, with request and response examples. The machine-readable
          document is{' '}
          <a href="/api/openapi.json" className="font-medium text-accent underline">
            /api/openapi.json
          </a>
          .
        </p>
      </div>
      <div data-api-reference className="mt-6 [--scalar-custom-header-height:65px]">
        {ownDocument ? (
          <Suspense fallback={<ReferenceLoading />}>
            <ApiReferenceView />
          </Suspense>
        ) : (
          <ReferenceLoading />
        )}
      </div>
    </main>
  )
}

const noSubscription = () => () => undefined

/** The path the current document was loaded at, before any navigation inside the app. */
function documentPath(): string {
  const [navigation] = performance.getEntriesByType('navigation')
  return navigation ? new URL(navigation.name).pathname : window.location.pathname
}

function ReferenceLoading() {
  return (
    <p role="status" className="mx-auto max-w-5xl px-4 py-10 text-fg-muted sm:px-6">
      Loading the API reference…
    </p>
  )
}
