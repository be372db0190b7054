import type { ReactNode } from 'react'
import { splitDetail } from '#rules/spoken-answer.ts'
import { parseAnswer, type Block, type Inline } from '#src/interview/answer-markdown.ts'

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.kind === 'strong') return <strong key={index}>{node.text}</strong>
    if (node.kind === 'code') return <code key={index}>{node.text}</code>
    return node.text
  })
}

function block(node: Block, index: number): ReactNode {
  switch (node.kind) {
    case 'heading':
      return (
        <p key={index} className="font-semibold text-fg">
          {inlines(node.inlines)}
        </p>
      )
    case 'paragraph':
      return <p key={index}>{inlines(node.inlines)}</p>
    case 'list': {
      const List = node.ordered ? 'ol' : 'ul'
      return (
        <List key={index} className={node.ordered ? 'list-decimal pl-5' : 'list-disc pl-5'}>
          {node.items.map((item, itemIndex) => (
            <li key={itemIndex}>{inlines(item)}</li>
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
      className={`space-y-2 text-sm leading-relaxed break-words text-gray-800 dark:text-gray-200 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 dark:[&_code]:bg-gray-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0 ${className}`}
    >
      {parseAnswer(spoken).map(block)}
      {detail !== null && (
        <details>
          <summary className="cursor-pointer font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-brand dark:text-indigo-300">
            More detail
          </summary>
          <div className="mt-2 space-y-2">{parseAnswer(detail).map(block)}</div>
        </details>
      )}
    </div>
  )
}
