import { createFileRoute } from '@tanstack/react-router'
import { getPolicy } from '#src/components/marketing/content/content-functions.ts'
import { PolicyView } from '#src/components/marketing/content/policy-view.tsx'

export const Route = createFileRoute('/terms')({
  head: () => ({
    meta: [
      { title: 'Terms and Conditions | Interview Helper' },
      { name: 'description', content: 'The terms for using Interview Helper and buying its plans.' },
    ],
  }),
  loader: () => getPolicy({ data: { name: 'terms' } }),
  component: TermsPage,
})

function TermsPage() {
  return <PolicyView page={Route.useLoaderData()} />
}
