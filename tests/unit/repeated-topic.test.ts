import { describe, expect, it } from 'vitest'
import { sameTopic, topicWords } from '#rules/repeated-topic.ts'

describe('the topic of a question, to find it asked again', () => {
  it('keeps the words that carry the topic, in one form', () => {
    expect([...topicWords('How does a Hash Map handle collisions?')].sort()).toEqual([
      'collision',
      'handle',
      'hash',
      'map',
    ])
    expect([...topicWords('What is a closure?')]).toEqual(['closure'])
    expect(topicWords('What do you think?').size).toBe(0)
  })

  it.each([
    ['How does a hash map handle collisions?', 'Explain how hash maps handle collisions.'],
    ['What is a closure in JavaScript?', 'What are closures in JavaScript?'],
    ['What are your salary expectations?', 'Salary expectations?'],
    ['Tell me about a time you failed.', 'Tell me about a time you failed or made a mistake.'],
  ])('sees "%s" asked again as "%s"', (first, later) => {
    expect(sameTopic(topicWords(first), topicWords(later))).toBe(true)
  })

  it.each([
    ['How does a hash map handle collisions?', 'What is a closure in JavaScript?'],
    ['What are your salary expectations?', 'Why are you leaving your current job?'],
    ['Design a URL shortener.', 'Design a rate limiter.'],
    ['What do you think?', 'What do you think?'],
  ])('tells "%s" from "%s"', (first, later) => {
    expect(sameTopic(topicWords(first), topicWords(later))).toBe(false)
  })
})
