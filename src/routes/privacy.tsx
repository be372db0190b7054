import { createFileRoute } from '@tanstack/react-router'
import { getPolicy } from '#src/components/marketing/content/content-functions.ts'
import { PolicyView } from '#src/components/marketing/content/policy-view.tsx'

export const Route = createFileRoute('/privacy')({
  head: () => ({
    meta: [
      { title: 'Privacy Policy | Interview Helper' },
      { name: 'description', content: 'What Interview Helper collects, why, and how to have it erased.' },
    ],
  }),
  loader: () => getPolicy({ data: { name: 'privacy' } }),
  component: PrivacyPage,
})

function PrivacyPage() {
  return <PolicyView page={Route.useLoaderData()} />
}
