import { articleDate } from './article-date.ts'
import { MarkdownView } from './markdown-view.tsx'
import type { PolicyPage } from './policy-pages.ts'

/** /terms, /privacy and /refunds: the same layout as the about page, with the date of the last change. */
export function PolicyView({ page }: { page: PolicyPage }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-fg">{page.title}</h1>
      <p className="mt-3 text-lg text-fg-muted">{page.description}</p>
      <p className="mt-2 text-sm text-fg-muted">Last updated {articleDate(page.updated)}</p>
      <div className="mt-8">
        <MarkdownView blocks={page.blocks} />
      </div>
    </main>
  )
}
