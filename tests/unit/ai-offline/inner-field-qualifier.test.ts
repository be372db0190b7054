import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { splitFieldQualifier } from '#server/ai/offline/search/text/field-qualifier.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('splitFieldQualifier with the field named inside the question', () => {
  it.each([
    // Hinglish puts the postposition after the field, wherever the field is said.
    ['closure JS mein kya hai', 'closure kya hai', 'JS'],
    ['useEffect React mein kab chalta hai?', 'useEffect kab chalta hai?', 'React'],
    ['deadlock kya hai OS mein?', 'deadlock kya hai?', 'OS'],
    ['heap data structure mein kya hota hai', 'heap kya hota hai', 'data structure'],
    ['interface Java ke andar kya hota hai', 'interface kya hota hai', 'Java'],
    // "Ke andar" ("inside") is a postposition as "mein" is, said first too.
    ['Java ke andar interface kya hota hai?', 'interface kya hota hai?', 'Java'],
    // English names the field inside with "in", then a comma, a new sentence or "and".
    [
      'What is hoisting in JavaScript, and why does it happen?',
      'What is hoisting, and why does it happen?',
      'JavaScript',
    ],
    ['How does paging work in OS? Explain with an example', 'How does paging work? Explain with an example', 'OS'],
    [
      'What is a trie in data structures and where is it used?',
      'What is a trie and where is it used?',
      'data structures',
    ],
  ])('takes the field out of "%s"', (question, asked, field) => {
    expect(splitFieldQualifier(question)).toEqual({ asked, field })
  })

  it.each([
    // "X aur Y mein" is "between X and Y": the second thing compared, not a field.
    'Java aur Python mein kya fark hai?',
    'SQL vs NoSQL mein kya difference hai',
    'Java and Python mein kya difference hai',
    // A word that makes the name a thing ("the node of a list", "each node") is no field.
    'linked list ke node mein kya store hota hai',
    'har node mein kitne pointers hote hai',
    // The candidate's own path in the field is what is asked.
    'aapne Java mein kitne saal kaam kiya hai?',
    'You have worked in Kotlin, how did you find it?',
    // Nothing asked before the field but "and": a follow-up about the field.
    'aur Java mein?',
    // "In a database" with an article is where something is put.
    'What happens in a database, and why?',
    // English "me" after a field name is no postposition.
    'Can you teach me React? I know JS',
  ])('leaves "%s" whole', (question) => {
    expect(splitFieldQualifier(question)).toEqual({ asked: question, field: '' })
  })
})

describe('a field named inside says where the concept lives, not what is asked', () => {
  it.each([
    ['deadlock OS mein kya hota hai?', 'os-deadlock-conditions'],
    ['index DBMS mein kyu use karte hai', 'sql-indexes'],
    ['heap data structure mein kya hota hai', 'ds-heap'],
    ['closure JS mein kya hai', 'js-closures'],
    ['What is a deadlock in DBMS, and how do you prevent it?', 'sql-deadlocks'],
  ])('"%s" is answered from %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })

  it.each([
    // A comparison said in Hinglish still compares.
    ['Process aur thread mein kya difference hai?', 'sd-process-vs-thread'],
    ['TCP aur UDP mein kya fark hai?', 'net-tcp-vs-udp'],
  ])('"%s" is still answered from %s', (question, expected) => {
    expect(findAnswers(question).best?.entry.id).toBe(expected)
  })
})
