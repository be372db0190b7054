import type { Nodes, PhrasingContent, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

/**
 * Markdown read by the unified project's CommonMark parser (mdast) into the few shapes our pages
 * draw: headings, paragraphs, lists, quotes, code blocks, rules, and inline strong, emphasis, code
 * and links. It is a tree, never HTML: raw HTML in the source comes out as text for React to
 * escape, and a link that could run script keeps only its text.
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

/** Line breaks inside a paragraph read as spaces, and neighbouring text is one run. */
function joined(nodes: Inline[]): Inline[] {
  const result: Inline[] = []
  for (const node of nodes) {
    const text = node.kind === 'text' ? node.text.replace(/\s*\n\s*/g, ' ') : null
    const previous = result.at(-1)
    if (text === null) result.push(node)
    else if (previous?.kind === 'text') previous.text += text
    else if (text !== '') result.push({ kind: 'text', text })
  }
  return result
}

function inlines(nodes: PhrasingContent[]): Inline[] {
  return joined(
    nodes.flatMap((node): Inline[] => {
      switch (node.type) {
        case 'text':
        case 'html':
          return [{ kind: 'text', text: node.value }]
        case 'strong':
          return [{ kind: 'strong', children: inlines(node.children) }]
        case 'emphasis':
          return [{ kind: 'em', children: inlines(node.children) }]
        case 'inlineCode':
          return [{ kind: 'code', text: node.value }]
        case 'link': {
          const href = safeHref(node.url)
          const children = inlines(node.children)
          return href ? [{ kind: 'link', href, children }] : children
        }
        case 'break':
          return [{ kind: 'text', text: ' ' }]
        case 'image':
          return [{ kind: 'text', text: node.alt ?? '' }]
        default:
          return [{ kind: 'text', text: plainText(node) }]
      }
    }),
  )
}

function plainText(node: Nodes): string {
  if ('value' in node) return node.value
  if ('children' in node) return node.children.map(plainText).join('')
  return ''
}

/** A list item or a quote drawn as one run of text: its paragraphs (and any nested list) in order. */
function flattened(nodes: readonly Nodes[]): Inline[] {
  return joined(
    nodes.flatMap((node, index): Inline[] => {
      const gap: Inline[] = index > 0 ? [{ kind: 'text', text: ' ' }] : []
      if (node.type === 'paragraph' || node.type === 'heading') return [...gap, ...inlines(node.children)]
      if ('children' in node) return [...gap, ...flattened(node.children)]
      return [...gap, { kind: 'text', text: plainText(node) }]
    }),
  )
}

function block(node: RootContent): Block[] {
  switch (node.type) {
    case 'heading': {
      const children = inlines(node.children)
      // The page title is the h1; headings inside a text start at h2.
      const level = Math.min(4, Math.max(2, node.depth)) as 2 | 3 | 4
      return [{ kind: 'heading', level, id: slugify(plainText(node)), children }]
    }
    case 'paragraph':
      return [{ kind: 'paragraph', children: inlines(node.children) }]
    case 'list':
      return [
        { kind: 'list', ordered: node.ordered === true, items: node.children.map((item) => flattened(item.children)) },
      ]
    case 'blockquote':
      return [{ kind: 'quote', children: flattened(node.children) }]
    case 'code':
      return [{ kind: 'code', language: node.lang ?? '', text: node.value }]
    case 'thematicBreak':
      return [{ kind: 'rule' }]
    case 'html':
      return [{ kind: 'paragraph', children: [{ kind: 'text', text: node.value }] }]
    default: {
      const text = plainText(node)
      return text === '' ? [] : [{ kind: 'paragraph', children: [{ kind: 'text', text }] }]
    }
  }
}

export function readMarkdown(source: string): Block[] {
  return fromMarkdown(source).children.flatMap(block)
}

/** One line of inline Markdown: what a paragraph made of it holds. */
export function readInline(source: string): Inline[] {
  return fromMarkdown(source).children.flatMap((node) => (node.type === 'paragraph' ? inlines(node.children) : []))
}
