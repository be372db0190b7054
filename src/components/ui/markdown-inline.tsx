import type { ReactNode } from 'react'
import type { Inline } from '#src/lib/markdown-tree.ts'

/** Inline Markdown as React elements: text is escaped by React, links were made safe when read. */
export function MarkdownInline({ nodes }: { nodes: Inline[] }): ReactNode {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text
      case 'strong':
        return (
          <strong key={index}>
            <MarkdownInline nodes={node.children} />
          </strong>
        )
      case 'em':
        return (
          <em key={index}>
            <MarkdownInline nodes={node.children} />
          </em>
        )
      case 'code':
        return <code key={index}>{node.text}</code>
      case 'link':
        return (
          <a key={index} href={node.href} rel={node.href.startsWith('/') ? undefined : 'noopener noreferrer'}>
            <MarkdownInline nodes={node.children} />
          </a>
        )
    }
  })
}
