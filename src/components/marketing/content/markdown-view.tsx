import type { ReactNode } from 'react'
import { MarkdownInline } from '#src/components/ui/markdown-inline.tsx'
import type { Block } from '#src/lib/markdown-tree.ts'

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Heading = `h${block.level}` as const
      return (
        <Heading key={index} id={block.id}>
          <MarkdownInline nodes={block.children} />
        </Heading>
      )
    }
    case 'paragraph':
      return (
        <p key={index}>
          <MarkdownInline nodes={block.children} />
        </p>
      )
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul'
      return (
        <List key={index}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>
              <MarkdownInline nodes={item} />
            </li>
          ))}
        </List>
      )
    }
    case 'quote':
      return (
        <blockquote key={index}>
          <MarkdownInline nodes={block.children} />
        </blockquote>
      )
    case 'code':
      return (
        <pre key={index} tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      )
    case 'rule':
      return <hr key={index} />
  }
}

const prose = [
  'max-w-none text-fg-body leading-relaxed',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-fg',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-fg',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-fg',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5',
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-gray-100 [&_pre_code]:bg-transparent',
  '[&_hr]:my-10 [&_hr]:border-line',
].join(' ')

export function MarkdownView({ blocks }: { blocks: Block[] }) {
  return <div className={prose}>{blocks.map(renderBlock)}</div>
}
