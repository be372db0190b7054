/**
 * A small Markdown reader for our own articles: headings, paragraphs, lists, quotes, code blocks,
 * rules, and inline strong, emphasis, code and links. It produces a tree, never HTML, so the page
 * renders it with React's escaping and nothing in a file can inject markup.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] }

export type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; id: string; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'quote'; children: Inline[] }
  | { kind: 'code'; language: string; text: string }
  | { kind: 'rule' }

export type Document = { meta: Record<string, string>; blocks: Block[] }

/** Only links that cannot run script: the web, mail, and our own paths and anchors. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim()
  if (/^(https?:|mailto:)/i.test(trimmed) || /^\/(?!\/)/.test(trimmed) || trimmed.startsWith('#')) return trimmed
  return null
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
}

const inlinePattern = /(\*\*([^*]+)\*\*)|(\*([^*\s][^*]*)\*|_([^_\s][^_]*)_)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))/

export function parseInline(source: string): Inline[] {
  const result: Inline[] = []
  let rest = source
  while (rest.length > 0) {
    const match = inlinePattern.exec(rest)
    if (!match) {
      result.push({ kind: 'text', text: rest })
      break
    }
    if (match.index > 0) result.push({ kind: 'text', text: rest.slice(0, match.index) })
    const [whole, , strong, , starEm, underscoreEm, , code, , linkText, linkHref] = match
    if (strong !== undefined) result.push({ kind: 'strong', children: parseInline(strong) })
    else if (starEm !== undefined || underscoreEm !== undefined)
      result.push({ kind: 'em', children: parseInline(starEm ?? underscoreEm ?? '') })
    else if (code !== undefined) result.push({ kind: 'code', text: code })
    else if (linkText !== undefined && linkHref !== undefined) {
      const href = safeHref(linkHref)
      result.push(href ? { kind: 'link', href, children: parseInline(linkText) } : { kind: 'text', text: linkText })
    }
    rest = rest.slice(match.index + whole.length)
  }
  return result
}

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
  const lines = body.split('\n')
  const blocks: Block[] = []
  let index = 0
  const isBlockStart = (line: string) => /^(#{1,4}\s|>\s?|```|[-*]\s|\d+\.\s|---\s*$)/.test(line)

  while (index < lines.length) {
    const line = lines[index] ?? ''
    if (line.trim() === '') {
      index += 1
      continue
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line)
    if (heading) {
      const text = heading[2] ?? ''
      // The page title is the h1; headings inside an article start at h2.
      const level = Math.min(4, Math.max(2, (heading[1] ?? '').length)) as 2 | 3 | 4
      blocks.push({ kind: 'heading', level, id: slugify(text), children: parseInline(text) })
      index += 1
      continue
    }
    if (line.startsWith('```')) {
      const language = line.slice(3).trim()
      const code: string[] = []
      index += 1
      while (index < lines.length && !(lines[index] ?? '').startsWith('```')) code.push(lines[index++] ?? '')
      index += 1
      blocks.push({ kind: 'code', language, text: code.join('\n') })
      continue
    }
    if (/^---\s*$/.test(line)) {
      blocks.push({ kind: 'rule' })
      index += 1
      continue
    }
    if (line.startsWith('>')) {
      const quote: string[] = []
      while (index < lines.length && (lines[index] ?? '').startsWith('>'))
        quote.push((lines[index++] ?? '').replace(/^>\s?/, ''))
      blocks.push({ kind: 'quote', children: parseInline(quote.join(' ')) })
      continue
    }
    const listItem = /^([-*]|\d+\.)\s+(.*)$/.exec(line)
    if (listItem) {
      const ordered = /\d/.test(listItem[1] ?? '')
      const items: Inline[][] = []
      while (index < lines.length) {
        const item = /^([-*]|\d+\.)\s+(.*)$/.exec(lines[index] ?? '')
        if (!item) {
          // A lazily indented continuation line belongs to the item above.
          const continuation = lines[index] ?? ''
          if (/^\s{2,}\S/.test(continuation) && items.length > 0) {
            items[items.length - 1]?.push({ kind: 'text', text: ' ' }, ...parseInline(continuation.trim()))
            index += 1
            continue
          }
          break
        }
        items.push(parseInline(item[2] ?? ''))
        index += 1
      }
      blocks.push({ kind: 'list', ordered, items })
      continue
    }
    const paragraph: string[] = []
    while (index < lines.length && (lines[index] ?? '').trim() !== '' && !isBlockStart(lines[index] ?? ''))
      paragraph.push((lines[index++] ?? '').trim())
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) })
  }
  return { meta, blocks }
}
