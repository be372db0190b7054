import { safeHref, type Block, type Inline } from '#src/lib/markdown-tree.ts'
import { parseMarkdown } from './markdown.ts'

// Bundled into the server at build time, like the blog; the operator's details are filled in per request.
const policyFiles = import.meta.glob<string>('/content/policies/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export const policyNames = ['terms', 'privacy', 'refunds'] as const
export type PolicyName = (typeof policyNames)[number]

/** Who runs the site, from the configuration; null where the operator set nothing. */
export type OperatorDetails = {
  legalName: string
  address: string | null
  supportEmail: string | null
  gstin: string | null
}

export type PolicyPage = { title: string; description: string; updated: string; blocks: Block[] }

function placeholderValues(operator: OperatorDetails): Record<string, string> {
  return {
    legalName: operator.legalName,
    address: operator.address ?? 'postal address available on request through the contact page',
    supportEmail: operator.supportEmail ?? 'the contact page',
    // As the invoices say (app.invoice-config.ts): production requires OPERATOR_GSTIN.
    gstin:
      operator.gstin ??
      'none configured on this server; its invoices carry a SAMPLE GSTIN, marked SAMPLE, and are not tax documents',
  }
}

/**
 * Placeholders are filled in after parsing, in text and link targets only, so a value is never read
 * as Markdown. A mail link without an address becomes a link to the contact page.
 */
function fillInline(nodes: Inline[], values: Record<string, string>, hasEmail: boolean): Inline[] {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
  return nodes.map((node): Inline => {
    switch (node.kind) {
      case 'text':
        return { kind: 'text', text: fill(node.text) }
      case 'code':
        return { kind: 'code', text: fill(node.text) }
      case 'strong':
      case 'em':
        return { kind: node.kind, children: fillInline(node.children, values, hasEmail) }
      case 'link': {
        const href =
          node.href.startsWith('mailto:') && !hasEmail ? '/contact' : (safeHref(fill(node.href)) ?? '/contact')
        return { kind: 'link', href, children: fillInline(node.children, values, hasEmail) }
      }
    }
  })
}

function fillBlock(block: Block, values: Record<string, string>, hasEmail: boolean): Block {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'quote':
      return { ...block, children: fillInline(block.children, values, hasEmail) }
    case 'list':
      return { ...block, items: block.items.map((item) => fillInline(item, values, hasEmail)) }
    case 'code':
    case 'rule':
      return block
  }
}

export function policyPage(name: PolicyName, operator: OperatorDetails): PolicyPage {
  const source = policyFiles[`/content/policies/${name}.md`] ?? `# ${name}`
  const { meta, blocks } = parseMarkdown(source)
  const values = placeholderValues(operator)
  return {
    title: meta.title ?? name,
    description: meta.description ?? '',
    updated: meta.updated ?? '',
    blocks: blocks.map((block) => fillBlock(block, values, operator.supportEmail !== null)),
  }
}
