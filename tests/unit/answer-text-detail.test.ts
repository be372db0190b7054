import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AnswerText } from '#src/components/interview/answer-text.tsx'

const answer = [
  '**In short:** Use two pointers and take the smaller front element.',
  '',
  '- O(m + n) time',
  '- Copy the rest when one array ends',
  '',
  '**More detail**',
  '',
  'Sorting the concatenation would cost more.',
].join('\n')

describe('an answer in the web console', () => {
  it('shows the gist and the points, and folds the detail under "More detail"', () => {
    const html = renderToStaticMarkup(createElement(AnswerText, { text: answer }))
    const folded = html.indexOf('<details')
    expect(folded).toBeGreaterThan(html.indexOf('O(m + n) time'))
    expect(html.indexOf('Use two pointers')).toBeLessThan(folded)
    expect(html).toMatch(/<summary[^>]*>More detail<\/summary>/)
    expect(html.indexOf('Sorting the concatenation')).toBeGreaterThan(folded)
    expect(html).not.toContain('<details open')
  })

  it('shows an answer without detail as it is', () => {
    const html = renderToStaticMarkup(createElement(AnswerText, { text: 'A plain answer.' }))
    expect(html).not.toContain('<details')
    expect(html).toContain('A plain answer.')
  })
})
