import { describe, expect, it } from 'vitest'
import { parseAnswer, parseInlines } from '#src/interview/answer-markdown.ts'

describe('answers as safe Markdown', () => {
  it('reads paragraphs, headings, lists and code blocks', () => {
    const blocks = parseAnswer(
      '## Approach\nUse a **token bucket**\nper client.\n\n- refill `r` tokens\n- reject when empty\n\n1. first\n2. second\n\n```ts\nconst a = 1\n```',
    )
    expect(blocks).toEqual([
      { kind: 'heading', inlines: [{ kind: 'text', text: 'Approach' }] },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'Use a ' },
          { kind: 'strong', text: 'token bucket' },
          { kind: 'text', text: ' per client.' },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [
          [
            { kind: 'text', text: 'refill ' },
            { kind: 'code', text: 'r' },
            { kind: 'text', text: ' tokens' },
          ],
          [{ kind: 'text', text: 'reject when empty' }],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
      { kind: 'code', text: 'const a = 1' },
    ])
  })

  it('keeps markup as text, for React to escape', () => {
    expect(parseInlines('<img src=x onerror=alert(1)> and <script>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> and <script>' },
    ])
    expect(parseAnswer('```\n<b>raw</b>\n```')).toEqual([{ kind: 'code', text: '<b>raw</b>' }])
  })

  it('closes an unterminated code block at the end', () => {
    expect(parseAnswer('```\nline')).toEqual([{ kind: 'code', text: 'line' }])
  })
})
