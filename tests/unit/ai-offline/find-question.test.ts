import { describe, expect, it } from 'vitest'
import { findQuestion } from '#server/ai/offline/ocr/find-question.ts'

describe('finding the interview question in OCR text', () => {
  it('joins a question the screen wrapped over two lines and drops its label and the code below', () => {
    const text =
      'Question 3: Write a function that reverses\na linked list in O(n) time.\n\ndef reverse(head):\n    prev = None'
    expect(findQuestion(text)).toEqual({
      question: 'Write a function that reverses a linked list in O(n) time.',
      recognised: true,
    })
  })

  it('prefers the sentence ending with a question mark over window titles and menus', () => {
    const text =
      'File Edit View\nInterview - Zoom\nHow would you design a rate limiter? Think about bursts.\nMute Stop video'
    expect(findQuestion(text).question).toBe('How would you design a rate limiter?')
  })

  it('takes an imperative interview prompt without a question mark', () => {
    expect(findQuestion('Explain the difference between let and const in JavaScript.').question).toBe(
      'Explain the difference between let and const in JavaScript.',
    )
  })

  it('falls back to the whole text when nothing reads like a question', () => {
    expect(findQuestion('Quarterly results\nRevenue grew\n\nconst x = 1;')).toEqual({
      question: 'Quarterly results Revenue grew const x = 1;',
      recognised: false,
    })
  })
})
