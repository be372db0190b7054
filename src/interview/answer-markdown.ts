import { readMarkdown, type Block } from '#src/lib/markdown-tree.ts'

/**
 * The Markdown an answer is written in, read as a tree React renders with its own escaping: an
 * answer can never inject markup. Chat models sometimes bullet with "•", which CommonMark reads as
 * text; such lines are read as the list items they are meant to be.
 */
export function parseAnswer(source: string): Block[] {
  return readMarkdown(source.replace(/^(\s*)•(?=\s)/gm, '$1-'))
}
