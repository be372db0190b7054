import { describe, expect, it } from 'vitest'
import { parseAnswer } from '#src/interview/answer-markdown.ts'

const text = (value: string) => ({ kind: 'text', text: value })

describe('answers as safe Markdown', () => {
  it('reads paragraphs, headings, lists and code blocks', () => {
    const blocks = parseAnswer(
      '## Approach\nUse a **token bucket**\nper client.\n\n- refill `r` tokens\n- reject when empty\n\n1. first\n2. second\n\n```ts\nconst a = 1\n```',
    )
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, id: 'approach', children: [text('Approach')] },
      {
        kind: 'paragraph',
        children: [text('Use a '), { kind: 'strong', children: [text('token bucket')] }, text(' per client.')],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[text('refill '), { kind: 'code', text: 'r' }, text(' tokens')], [text('reject when empty')]],
      },
      { kind: 'list', ordered: true, items: [[text('first')], [text('second')]] },
      { kind: 'code', language: 'ts', text: 'const a = 1' },
    ])
  })

  it('reads "•" bullets as a list, as the model meant them', () => {
    expect(parseAnswer('• one\n• two')).toEqual([
      { kind: 'list', ordered: false, items: [[text('one')], [text('two')]] },
    ])
  })

  it('keeps markup as text, for React to escape', () => {
    expect(parseAnswer('say <img src=x onerror=alert(1)> and <script>')).toEqual([
      { kind: 'paragraph', children: [text('say <img src=x onerror=alert(1)> and <script>')] },
    ])
    expect(parseAnswer('```\n<b>raw</b>\n```')).toEqual([{ kind: 'code', language: '', text: '<b>raw</b>' }])
    expect(parseAnswer('[run](javascript:alert(1))')).toEqual([{ kind: 'paragraph', children: [text('run')] }])
  })

  it('closes an unterminated code block at the end', () => {
    expect(parseAnswer('```\nline')).toEqual([{ kind: 'code', language: '', text: 'line' }])
  })
})
