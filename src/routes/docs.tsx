import { createFileRoute } from '@tanstack/react-router'
import { getApiReference } from '#src/components/marketing/docs/docs-functions.ts'
import { OperationCard } from '#src/components/marketing/docs/operation-card.tsx'

export const Route = createFileRoute('/docs')({
  head: () => ({
    meta: [
      { title: 'API Docs | Interview Helper' },
      { name: 'description', content: 'The REST API the Interview Helper desktop assistant uses.' },
    ],
  }),
  loader: () => getApiReference(),
  component: DocsPage,
})

const envelopeExample = `// success
{ "success": true, "data": { … } }
// failure, with a 4xx or 5xx status
{ "success": false, "error": "email: Invalid email address" }`

function DocsPage() {
  const reference = Route.useLoaderData()
  return (
    <main className="mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 dark:text-white">API reference</h1>
      <p className="mt-3 max-w-3xl text-lg text-gray-600 dark:text-gray-400">
        {reference.description} Version {reference.version}. The machine-readable document is{' '}
        <a href="/api/openapi.json" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          /api/openapi.json
        </a>
        .
      </p>
      <section
        aria-labelledby="envelope-heading"
        className="mt-10 rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
      >
        <h2 id="envelope-heading" className="text-xl font-semibold text-gray-900 dark:text-white">
          Response envelope
        </h2>
        <p className="mt-2 text-gray-600 dark:text-gray-400">
          Every answer is JSON in the same envelope. Calls marked “Bearer token” need{' '}
          <code className="font-mono">Authorization: Bearer &lt;accessToken&gt;</code> from /auth/login.
        </p>
        <pre tabIndex={0} className="mt-4 overflow-x-auto rounded-xl bg-gray-900 p-4 text-sm text-gray-100">
          <code>{envelopeExample}</code>
        </pre>
      </section>
      <nav aria-label="API sections" className="mt-10 flex flex-wrap gap-2">
        {reference.groups.map((group) => (
          <a
            key={group.tag}
            href={`#tag-${group.tag}`}
            className="rounded-full border border-gray-300 px-3 py-1 text-sm font-medium text-gray-700 hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:border-gray-700 dark:text-gray-200"
          >
            {group.tag}
          </a>
        ))}
      </nav>
      {reference.groups.map((group) => (
        <section
          key={group.tag}
          id={`tag-${group.tag}`}
          aria-labelledby={`tag-${group.tag}-heading`}
          className="mt-12 scroll-mt-20"
        >
          <h2 id={`tag-${group.tag}-heading`} className="text-2xl font-bold text-gray-900 capitalize dark:text-white">
            {group.tag}
          </h2>
          <div className="mt-6 space-y-4">
            {group.operations.map((operation) => (
              <OperationCard key={operation.id} operation={operation} />
            ))}
          </div>
        </section>
      ))}
    </main>
  )
}
