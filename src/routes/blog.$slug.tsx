import { createFileRoute, Link } from '@tanstack/react-router'
import { articleDate } from '#src/components/marketing/content/article-date.ts'
import { getArticle } from '#src/components/marketing/content/content-functions.ts'
import { MarkdownView } from '#src/components/marketing/content/markdown-view.tsx'

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ params }) => getArticle({ data: { slug: params.slug } }),
  // An unknown slug throws notFound() in the loader: the tab says so, as the root's 404 does.
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [{ title: `${loaderData.title} | Interview Helper` }, { name: 'description', content: loaderData.description }]
      : [{ title: 'Page Not Found | Interview Helper' }],
  }),
  component: BlogArticle,
})

function BlogArticle() {
  const article = Route.useLoaderData()
  return (
    <main className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <Link to="/blog" className="rounded text-sm font-medium text-accent hover:underline focus-ring">
        ← All articles
      </Link>
      <article className="mt-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">{article.title}</h1>
        <p className="mt-3 text-sm text-fg-muted">
          {article.author} · <time dateTime={article.date}>{articleDate(article.date)}</time> · {article.readingMinutes}{' '}
          min read
        </p>
        <div className="mt-8">
          <MarkdownView blocks={article.blocks} />
        </div>
      </article>
    </main>
  )
}
