import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '#src/components/marketing/contact/contact-page.tsx'

export const Route = createFileRoute('/contact')({
  head: () => ({ meta: [{ title: 'Contact | Interview Helper' }] }),
  loader: ({ context }) =>
    context.queryClient.query({ ...context.trpc.site.settings.queryOptions(), staleTime: 'static' }),
  component: ContactPage,
})
