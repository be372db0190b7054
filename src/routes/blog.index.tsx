import { createFileRoute } from '@tanstack/react-router'
import { AppLink } from '#src/components/app-link.tsx'
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
      <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 dark:text-white">Blog</h1>
      <p className="mt-3 text-lg text-gray-600 dark:text-gray-400">
        Practical guides for preparing for interviews, and for using an AI assistant well.
      </p>
      <ul className="mt-10 space-y-6">
        {articles.map((article) => (
          <li key={article.slug}>
            <article className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition hover:border-brand/50 dark:border-gray-800 dark:bg-gray-900">
              <p className="text-sm text-gray-500 dark:text-gray-400">
                <time dateTime={article.date}>{articleDate(article.date)}</time> · {article.readingMinutes} min read
              </p>
              <h2 className="mt-2 text-xl font-semibold text-gray-900 dark:text-white">
                <AppLink
                  href={`/blog/${article.slug}`}
                  className="rounded hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:hover:text-indigo-300"
                >
                  {article.title}
                </AppLink>
              </h2>
              <p className="mt-2 text-gray-600 dark:text-gray-400">{article.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </main>
  )
}
