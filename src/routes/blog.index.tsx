import { createFileRoute, Link } from '@tanstack/react-router'
import { articleDate } from '#src/components/marketing/content/article-date.ts'
import { getArticles } from '#src/components/marketing/content/content-functions.ts'

export const Route = createFileRoute('/blog/')({
  head: () => ({
    meta: [
      { title: 'Blog | Interview Helper' },
      { name: 'description', content: 'Interview preparation guides for job candidates.' },
    ],
  }),
  loader: () => getArticles(),
  component: BlogIndex,
})

function BlogIndex() {
  const articles = Route.useLoaderData()
  return (
    <main className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-fg">Blog</h1>
      <p className="mt-3 text-lg text-fg-muted">
        Practical guides for preparing for interviews, and for using an AI assistant well.
      </p>
      <ul className="mt-10 space-y-6">
        {articles.map((article) => (
          <li key={article.slug}>
            <article className="rounded-2xl border border-line bg-surface p-6 shadow-sm transition hover:border-brand/50">
              <p className="text-sm text-fg-muted">
                <time dateTime={article.date}>{articleDate(article.date)}</time> · {article.readingMinutes} min read
              </p>
              <h2 className="mt-2 text-xl font-semibold text-fg">
                <Link
                  to="/blog/$slug"
                  params={{ slug: article.slug }}
                  className="rounded hover:text-brand focus-ring dark:hover:text-indigo-300"
                >
                  {article.title}
                </Link>
              </h2>
              <p className="mt-2 text-fg-muted">{article.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </main>
  )
}
