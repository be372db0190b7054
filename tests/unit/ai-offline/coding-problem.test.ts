import { describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { classifyQuestion } from '#server/ai/offline/answer/classify.ts'

describe('a coding problem stated without its name (decision 0159)', () => {
  it.each([
    // Input given, output asked for.
    'You have an array of meeting start and end times; return how many rooms are needed.',
    'From a list of words, return the ones that are anagrams of each other.',
    'Given a long list of daily temperatures, for each day say how many days until a warmer one.',
    'Ek string di hai, usme sabse lamba palindrome kaise nikaloge?',
    // The questions a problem is asked with.
    'In how many ways can you make change for 100 rupees with coins of 1, 2 and 5?',
    'What is the fewest number of coins that add up to 37?',
    // A data structure built in code, however the build is asked for.
    'How would you build a trie in Python?',
    'Implement a min heap without the library one.',
    'How would you build a circular buffer in C?',
  ])('is a coding question: %s', (question) => {
    expect(classifyQuestion(question)).toBe('coding')
  })

  it.each([
    'What is the difference between an array and a linked list?',
    'Why is quicksort faster than merge sort in practice?',
    'How does a hash map handle collisions?',
    'What is the longest you have stayed on one project?',
    'Implement a queue service for sending notifications.',
    'Build a heap dump analyzer for our JVM fleet.',
  ])('a question about a subject is not: %s', (question) => {
    expect(classifyQuestion(question)).not.toBe('coding')
  })

  it('is answered, with no entry for it, in the coding form, not define-and-explain', () => {
    const answer = answerQuestion({
      question: 'Given a long list of daily temperatures, for each day say how many days until a warmer one.',
    })
    expect(answer.source).toBe('framework')
    expect(answer.answer).toContain('Clarify → Examples → Brute force')
    expect(answer.answer).not.toContain('Define → Explain')
  })
})

describe('a design problem stated by what it builds (decision 0159)', () => {
  it.each([
    'Design something like Swiggy where restaurants see orders as they come in.',
    'How would you build the backend of a cab booking app?',
    'How would you model the classes for a library that lends books and DVDs?',
    'Model the classes for a snakes and ladders game.',
    'How would you build a food delivery app?',
    'How would you build a distributed cache?',
    // A structure's name that is part of another name.
    'How would you build a Stack Overflow clone?',
    'How would you build a graph database like Neo4j?',
  ])('is a design question: %s', (question) => {
    expect(classifyQuestion(question)).toBe('system-design')
  })

  it.each([
    'How do you model the relationship between two tables?',
    'How would you structure the folders of a React project?',
  ])('a question on one part of a build is not: %s', (question) => {
    expect(classifyQuestion(question)).not.toBe('system-design')
  })
})
