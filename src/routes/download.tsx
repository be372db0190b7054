import { createFileRoute } from '@tanstack/react-router'
import { DownloadPage } from '#src/components/marketing/download/download-page.tsx'

export const Route = createFileRoute('/download')({
  head: () => ({
    meta: [
      { title: 'Download | Interview Helper' },
      { name: 'description', content: 'Download Interview Helper for Windows 10 and 11.' },
    ],
  }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.query({ ...context.trpc.site.settings.queryOptions(), staleTime: 'static' }),
      // The catalogue changes when an operator publishes: fetched on each visit.
      context.queryClient.query(context.trpc.site.releases.queryOptions()),
    ]),
  component: DownloadPage,
})
