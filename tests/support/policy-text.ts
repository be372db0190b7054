import type { Block, Inline } from '#src/lib/markdown-tree.ts'

function textOf(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case 'text':
        case 'code':
          return node.text
        default:
          return textOf(node.children)
      }
    })
    .join('')
}

/** A policy page's words, as a reader sees them. */
export function plainText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'list':
          return block.items.map(textOf).join('\n')
        case 'code':
          return block.text
        case 'rule':
          return ''
        default:
          return textOf(block.children)
      }
    })
    .join('\n')
}
