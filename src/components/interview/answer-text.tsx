import type { ReactNode } from 'react'
import { splitDetail } from '#rules/spoken-answer.ts'
import { MarkdownInline } from '#src/components/ui/markdown-inline.tsx'
import { parseAnswer } from '#src/interview/answer-markdown.ts'
import type { Block } from '#src/lib/markdown-tree.ts'

function block(node: Block, index: number): ReactNode {
  switch (node.kind) {
    case 'heading':
      return (
        <p key={index} className="font-semibold text-fg">
          <MarkdownInline nodes={node.children} />
        </p>
      )
    case 'paragraph':
      return (
        <p key={index}>
          <MarkdownInline nodes={node.children} />
        </p>
      )
    case 'list': {
      const List = node.ordered ? 'ol' : 'ul'
      return (
        <List key={index} className={node.ordered ? 'list-decimal pl-5' : 'list-disc pl-5'}>
          {node.items.map((item, itemIndex) => (
            <li key={itemIndex}>
              <MarkdownInline nodes={item} />
            </li>
          ))}
        </List>
      )
    }
    case 'code':
      return (
        <pre
          key={index}
          tabIndex={0}
          className="overflow-x-auto rounded-lg bg-gray-900 p-3 text-xs text-gray-100 dark:bg-black"
        >
          <code>{node.text}</code>
        </pre>
      )
    case 'quote':
      return (
        <blockquote key={index} className="border-l-2 border-line pl-3 italic">
          <MarkdownInline nodes={node.children} />
        </blockquote>
      )
    case 'rule':
      return <hr key={index} className="border-line" />
  }
}

/**
 * An AI answer, its Markdown shown as formatting but never as markup: the gist and the points to
 * say first, the detail folded under "More detail" for when there is time to read it.
 */
export function AnswerText({ text, className = '' }: { text: string; className?: string }) {
  const { spoken, detail } = splitDetail(text)
  return (
    <div
      className={`space-y-2 text-sm leading-relaxed break-words text-fg-strong [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_pre_code]:bg-transparent [&_pre_code]:p-0 ${className}`}
    >
      {parseAnswer(spoken).map(block)}
      {detail !== null && (
        <details>
          <summary className="cursor-pointer font-medium text-accent focus-ring">More detail</summary>
          <div className="mt-2 space-y-2">{parseAnswer(detail).map(block)}</div>
        </details>
      )}
    </div>
  )
}
