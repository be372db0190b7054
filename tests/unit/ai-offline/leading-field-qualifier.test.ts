import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { splitFieldQualifier } from '#server/ai/offline/search/text/field-qualifier.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('splitFieldQualifier with the field named first', () => {
  it.each([
    ['In operating systems, what is paging?', 'what is paging?', 'operating systems'],
    ['In DBMS: explain a deadlock', 'explain a deadlock', 'DBMS'],
    ['For React, how does a ref differ from state?', 'how does a ref differ from state?', 'React'],
    ['In the context of data structures, what is a queue?', 'what is a queue?', 'data structures'],
    ['With respect to OS, what is a semaphore?', 'what is a semaphore?', 'OS'],
    // Spoken, without the comma: what is asked starts as a question does.
    ['in data structures what is a trie', 'what is a trie', 'data structures'],
    // The longer name of a field wins over its first word.
    ['In React Native, what is the bridge?', 'what is the bridge?', 'React Native'],
    // Hinglish puts the postposition after the field: "OS mein" is "in OS".
    ['OS mein semaphore kya hota hai?', 'semaphore kya hota hai?', 'OS'],
    ['Python me decorator kya hai', 'decorator kya hai', 'Python'],
  ])('takes the field off the start of "%s"', (question, asked, field) => {
    expect(splitFieldQualifier(question)).toEqual({ asked, field })
  })

  it.each([
    // A question about the field itself has no qualifier.
    'What is Java?',
    'Explain operating systems',
    // "In a database" with an article is where something is put, not a field of study.
    'In a database, where is an index kept?',
    // Not followed by a question without a comma: the field may be what the sentence is about.
    'In Java developers often use Spring',
    // "For loops" is no field.
    'For loops, what is the time complexity?',
    // The candidate's own path in the field is what is asked.
    'In Java, what projects have you built?',
    'In Python, how many years of experience do you have?',
    // "Java main" is no Hinglish qualifier: "main" is English.
    'Java main method kya hai?',
    // Nothing asked after the field.
    'In DBMS?',
  ])('leaves "%s" whole', (question) => {
    expect(splitFieldQualifier(question)).toEqual({ asked: question, field: '' })
  })
})

describe('a field named first says where the concept lives, not what is asked', () => {
  it.each([
    ['In operating systems, what is paging?', 'os-paging-page-faults'],
    ['In data structures, what is a heap?', 'ds-heap'],
    ['In the context of data structures, what is a queue?', 'ds-queue'],
    ['For DBMS, explain normalisation', 'sql-normalization'],
    ['In DBMS, what is a deadlock?', 'sql-deadlocks'],
    ['In DBMS what is an index', 'sql-indexes'],
    ['DBMS mein index kya hai?', 'sql-indexes'],
    ['OS mein deadlock kya hota hai?', 'os-deadlock-conditions'],
  ])('"%s" is answered from %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })

  it.each([
    // The concept after a field named first is still what is asked.
    ['In Java, why are strings immutable?', 'ds-string-concatenation'],
    ['In JavaScript, what is a closure?', 'js-closures'],
    ['For React, what does useMemo do?', 'react-usememo-usecallback'],
  ])('"%s" is still answered from %s', (question, expected) => {
    expect(findAnswers(question).best?.entry.id).toBe(expected)
  })
})
