import { readMarkdown, type Block } from '#src/lib/markdown-tree.ts'

/** An article or policy: its front matter (`key: value` lines between `---`) and its Markdown body. */
type Document = { meta: Record<string, string>; blocks: Block[] }

function frontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source)
  if (!match) return { meta: {}, body: source }
  const meta: Record<string, string> = {}
  for (const line of (match[1] ?? '').split('\n')) {
    const separator = line.indexOf(':')
    if (separator > 0)
      meta[line.slice(0, separator).trim()] = line
        .slice(separator + 1)
        .trim()
        .replace(/^["']|["']$/g, '')
  }
  return { meta, body: source.slice(match[0].length) }
}

export function parseMarkdown(source: string): Document {
  const { meta, body } = frontMatter(source.replace(/\r\n?/g, '\n'))
  return { meta, blocks: readMarkdown(body) }
}
