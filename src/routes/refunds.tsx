import { createFileRoute } from '@tanstack/react-router'
import { getPolicy } from '#src/components/marketing/content/content-functions.ts'
import { PolicyView } from '#src/components/marketing/content/policy-view.tsx'

export const Route = createFileRoute('/refunds')({
  head: () => ({
    meta: [
      { title: 'Cancellation and Refund Policy | Interview Helper' },
      {
        name: 'description',
        content: 'How Interview Helper plans end, what you can cancel, and when refunds are given.',
      },
    ],
  }),
  loader: () => getPolicy({ data: { name: 'refunds' } }),
  component: RefundsPage,
})

function RefundsPage() {
  return <PolicyView page={Route.useLoaderData()} />
}
