import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { splitFieldQualifier } from '#server/ai/offline/search/text/field-qualifier.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('splitFieldQualifier', () => {
  it.each([
    ['what is a queue in data structures', 'what is a queue', 'data structures'],
    ['What is a deadlock in the context of operating systems?', 'What is a deadlock', 'operating systems'],
    ['explain normalisation with respect to DBMS', 'explain normalisation', 'DBMS'],
    ['what is polymorphism in OOPs?', 'what is polymorphism', 'OOPs'],
    // How a thing works is no one's work.
    ['How does garbage collection work in Java?', 'How does garbage collection work', 'Java'],
  ])('takes the field off the end of "%s"', (question, asked, field) => {
    expect(splitFieldQualifier(question)).toEqual({ asked, field })
  })

  it.each([
    // The database is what is asked about, not where the concept lives.
    'what is a database split across machines',
    // "In a database" with an article is where something is put, not a field of study.
    'how do you store a tree in a database',
    // A field named with nothing asked before it is the subject itself.
    'explain operating systems',
    // A word that is not a field.
    'how do you detect a cycle in graphs',
    // The candidate's own experience in a language is what is asked.
    'Tell me about your experience in Java',
    'Have you worked in Python?',
    'Do you work in Python?',
    'Is it fine for you to work in Java?',
  ])('leaves "%s" whole', (question) => {
    expect(splitFieldQualifier(question)).toEqual({ asked: question, field: '' })
  })
})

describe('a field named after "in" says where the concept lives, not what is asked', () => {
  it.each([
    ['what is a queue in data structures', 'ds-queue'],
    ['what is a heap in data structures', 'ds-heap'],
    ['what is a hash map in data structures', 'ds-hash-map'],
    ['what is a queue in the context of data structures', 'ds-queue'],
    ['what is paging in operating systems', 'os-paging-page-faults'],
    ['what is a deadlock in the context of operating systems', 'os-deadlock-conditions'],
    ['what is normalisation in DBMS', 'sql-normalization'],
    ['explain normalization with respect to DBMS', 'sql-normalization'],
    // A field's other names mean it too: DBMS is the database's, OS the operating system's.
    ['What is a deadlock in DBMS?', 'sql-deadlocks'],
    ['What is a deadlock in SQL?', 'sql-deadlocks'],
    ['What is a deadlock in OS?', 'os-deadlock-conditions'],
  ])('"%s" is answered from %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })

  it.each([
    // The field word is the subject; the trailing field is another one.
    ['what is DBMS in computer science', 'sql-dbms-vs-rdbms'],
    ['what is SQL in DBMS', 'sql-dbms-vs-rdbms'],
    ['how do you choose a data structure in programming', 'ds-choosing-structure'],
    // No field after "in": the database stays a key term.
    ['what is an index in a database', 'sql-indexes'],
    ['what is a closure in JavaScript', 'js-closures'],
    ['explain indexing in databases', 'sql-indexes'],
  ])('"%s" is still answered from %s', (question, expected) => {
    expect(findAnswers(question).best?.entry.id).toBe(expected)
  })

  it('lifts an entry for a concept it defines only when the question says its words together', () => {
    // Without "React", "key prop" and "rendering" are most of what is asked, but they are not
    // "render props": the render-props entry is no answer.
    const result = findAnswers('Why is the key prop needed when rendering a list in React?')
    expect(result.best?.entry.id).toBe('react-reconciliation-keys')
  })

  it('keeps the field as the key term when nothing else in the question names a concept', () => {
    const result = findAnswers('tell me about it in operating systems')
    expect(result.matches[0]?.evidence.keyCoverage).toBeGreaterThan(0)
  })
})

describe('a field after "experience in" is what is asked', () => {
  it('"Tell me about your experience in Java" is not confidently the overqualified entry', () => {
    const result = findAnswers('Tell me about your experience in Java')
    expect(result.best?.entry.id === 'beh-overqualified' && result.status === 'match').toBe(false)
  })
})
