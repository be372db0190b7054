import type { Block } from '#src/lib/markdown-tree.ts'
import { parseMarkdown } from './markdown.ts'

// Bundled into the server at build time; the browser receives only the parsed article it asks for.
const blogFiles = import.meta.glob<string>('/content/blog/*.md', { query: '?raw', import: 'default', eager: true })
const aboutFiles = import.meta.glob<string>('/content/about.md', { query: '?raw', import: 'default', eager: true })

export type ArticleSummary = {
  slug: string
  title: string
  description: string
  date: string
  author: string
  readingMinutes: number
}
export type Article = ArticleSummary & { blocks: Block[] }

function toArticle(path: string, source: string): Article {
  const { meta, blocks } = parseMarkdown(source)
  const slug = path.replace(/^.*\//, '').replace(/\.md$/, '')
  const words = source.split(/\s+/).length
  return {
    slug,
    title: meta.title ?? slug,
    description: meta.description ?? '',
    date: meta.date ?? '',
    author: meta.author ?? 'Interview Helper team',
    readingMinutes: Math.max(1, Math.round(words / 220)),
    blocks,
  }
}

const articles: Article[] = Object.entries(blogFiles)
  .map(([path, source]) => toArticle(path, source))
  .sort((a, b) => b.date.localeCompare(a.date))

export function listArticles(): ArticleSummary[] {
  return articles.map(({ blocks: _blocks, ...summary }) => summary)
}

export function findArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug)
}

export function aboutPage(): Article {
  const [path, source] = Object.entries(aboutFiles)[0] ?? ['/content/about.md', '# About']
  return toArticle(path, source)
}
