/**
 * The Markdown the AI writes (paragraphs, headings, lists, code blocks, **bold**, `code`), read
 * into a tree that React renders with its own escaping: an answer can never inject markup.
 */
export type Inline = { kind: 'text' | 'strong' | 'code'; text: string }

export type Block =
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string }

const inlinePattern = /\*\*([^*]+)\*\*|`([^`]+)`/g

export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = []
  let last = 0
  for (const match of text.matchAll(inlinePattern)) {
    if (match.index > last) inlines.push({ kind: 'text', text: text.slice(last, match.index) })
    inlines.push(match[1] !== undefined ? { kind: 'strong', text: match[1] } : { kind: 'code', text: match[2] ?? '' })
    last = match.index + match[0].length
  }
  if (last < text.length) inlines.push({ kind: 'text', text: text.slice(last) })
  return inlines
}

const listItem = /^\s*(?:([-*•])|(\d+)[.)])\s+(.*)$/
const heading = /^#{1,6}\s+(.*)$/

export function parseAnswer(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  const blocks: Block[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' ')) })
    paragraph = []
  }
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? ''
    if (line.trimStart().startsWith('```')) {
      flush()
      const code: string[] = []
      for (index += 1; index < lines.length && !(lines[index] ?? '').trimStart().startsWith('```'); index += 1)
        code.push(lines[index] ?? '')
      blocks.push({ kind: 'code', text: code.join('\n') })
      continue
    }
    const headingMatch = heading.exec(line)
    const itemMatch = listItem.exec(line)
    if (line.trim() === '') flush()
    else if (headingMatch) {
      flush()
      blocks.push({ kind: 'heading', inlines: parseInlines(headingMatch[1] ?? '') })
    } else if (itemMatch) {
      flush()
      const ordered = itemMatch[2] !== undefined
      const previous = blocks.at(-1)
      const inlines = parseInlines(itemMatch[3] ?? '')
      if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(inlines)
      else blocks.push({ kind: 'list', ordered, items: [inlines] })
    } else paragraph.push(line.trim())
  }
  flush()
  return blocks
}
