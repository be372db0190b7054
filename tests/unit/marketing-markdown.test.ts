import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '#src/components/marketing/content/markdown.ts'
import { readInline, safeHref } from '#src/lib/markdown-tree.ts'

describe('markdown reader (CommonMark, as a tree)', () => {
  it('reads front matter and the block types our articles use', () => {
    const { meta, blocks } = parseMarkdown(
      [
        '---',
        'title: "A title"',
        'date: 2026-10-06',
        '---',
        '',
        '## Part one',
        '',
        'Some **bold** and *soft* text',
        'on two lines.',
        '',
        '- one',
        '- two',
        '  continued',
        '',
        '1. first',
        '2. second',
        '',
        '> a quote',
        '',
        '```ts',
        'const x = 1',
        '```',
        '',
        '---',
      ].join('\n'),
    )
    expect(meta).toEqual({ title: 'A title', date: '2026-10-06' })
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'code', 'rule'])
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 2, id: 'part-one' })
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      children: [
        { kind: 'text', text: 'Some ' },
        { kind: 'strong', children: [{ kind: 'text', text: 'bold' }] },
        { kind: 'text', text: ' and ' },
        { kind: 'em', children: [{ kind: 'text', text: 'soft' }] },
        { kind: 'text', text: ' text on two lines.' },
      ],
    })
    expect(blocks[2]).toMatchObject({
      kind: 'list',
      ordered: false,
      items: [[{ text: 'one' }], [{ text: 'two continued' }]],
    })
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: true })
    expect(blocks[5]).toEqual({ kind: 'code', language: 'ts', text: 'const x = 1' })
  })

  it('keeps HTML as text: the tree never carries markup', () => {
    const { blocks } = parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        children: [{ kind: 'text', text: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }],
      },
    ])
  })

  it('drops links that could run script, keeping their text', () => {
    expect(readInline('[click](javascript:alert%281%29)')).toEqual([{ kind: 'text', text: 'click' }])
    expect(readInline('[x](data:text/html,hi)')).toEqual([{ kind: 'text', text: 'x' }])
    expect(readInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: 'x' }])
    expect(readInline('[ours](/contact)')).toEqual([
      { kind: 'link', href: '/contact', children: [{ kind: 'text', text: 'ours' }] },
    ])
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a')
    expect(safeHref('mailto:support@example.com')).toBe('mailto:support@example.com')
    expect(safeHref(' JavaScript:alert(1)')).toBeNull()
  })

  it('reads inline code without interpreting what is inside', () => {
    expect(readInline('run `**not bold**` now')).toEqual([
      { kind: 'text', text: 'run ' },
      { kind: 'code', text: '**not bold**' },
      { kind: 'text', text: ' now' },
    ])
  })
})
