import { createFileRoute } from '@tanstack/react-router'
import { getAbout } from '#src/components/marketing/content/content-functions.ts'
import { MarkdownView } from '#src/components/marketing/content/markdown-view.tsx'

export const Route = createFileRoute('/about')({
  head: () => ({ meta: [{ title: 'About | Interview Helper' }] }),
  loader: () => getAbout(),
  component: AboutPage,
})

function AboutPage() {
  const page = Route.useLoaderData()
  return (
    <main className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-fg">{page.title}</h1>
      <p className="mt-3 text-lg text-fg-muted">{page.description}</p>
      <div className="mt-8">
        <MarkdownView blocks={page.blocks} />
      </div>
    </main>
  )
}
