import { describe, expect, it } from 'vitest'
import { findUnstorableText, isStorableText, unstorableTextError } from '#rules/storable-text.ts'

describe('text the database can store', () => {
  it('accepts ordinary text, emoji and paired surrogates', () => {
    for (const text of ['', 'Eve', 'नमस्ते', 'résumé', '😀 grinning', 'tab\tand\nnewline'])
      expect(isStorableText(text)).toBe(true)
  })

  it('refuses NUL and lone surrogates wherever they are', () => {
    for (const text of ['x\u0000', '\u0000', 'a\uD800', '\uDC00b', 'a\uDC00\uD800b', '😀'.slice(0, 1)])
      expect(isStorableText(text)).toBe(false)
  })

  it('names the first field that holds such text, nested or in a list', () => {
    expect(findUnstorableText({ firstName: 'Eve', lastName: 'x\u0000' })).toBe('lastName')
    expect(findUnstorableText({ payload: { payment: { entity: { email: ['ok', 'bad\uD800'] } } } })).toBe(
      'payload.payment.entity.email.1',
    )
    expect(findUnstorableText({ ['key\u0000']: 'value' })).toBe('(a field name)')
    expect(findUnstorableText('\u0000')).toBe('')
    expect(findUnstorableText({ a: 1, b: null, c: [true, 'fine'] })).toBeUndefined()
    expect(unstorableTextError('lastName')).toBe(
      'lastName: must not contain NUL characters or unpaired UTF-16 surrogates',
    )
  })

  it('walks values nested deeper than the call stack goes, and still names the field', () => {
    const depth = 100_000
    const nested = (leaf: unknown) => {
      let value: unknown = leaf
      for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value }
      return value
    }
    expect(findUnstorableText(nested('fine'))).toBeUndefined()
    const found = findUnstorableText(nested('x\u0000'))
    expect(found?.split('.')).toHaveLength(depth)
    expect(found?.startsWith('a.0.a.0')).toBe(true)
  })
})
