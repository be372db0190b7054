import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { stemTerm } from '#server/ai/offline/search/text/analyze.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('words Porter joins to another concept keep stems of their own', () => {
  it.each([
    // A thing that holds, and holding.
    ['container', 'contain'],
    ['containers', 'contains'],
    // Permission, a person who writes, and a body that vouches.
    ['authorization', 'author'],
    ['authorized', 'authors'],
    ['authority', 'author'],
    ['authority', 'authorization'],
    // A model, and changing a value.
    ['transformer', 'transform'],
    ['transformers', 'transforming'],
    // How bad, and how many.
    ['severity', 'several'],
    // Setting a first value, and acting unasked.
    ['initialize', 'initiative'],
    ['initialization', 'initial'],
    // Splitting text into pieces, and a credential.
    ['tokenization', 'token'],
    // A penalty on a model's weights, and ordinary.
    ['regularization', 'regular'],
    // Duties, and a reply.
    ['responsibilities', 'response'],
    // Watching a system, and a pattern of watching an object.
    ['observability', 'observer'],
    ['observable', 'observers'],
    // Who someone is, and the same.
    ['identity', 'identical'],
    // A measure of chance, and "likely".
    ['probability', 'probably'],
    // Nearness of access, and not remote.
    ['locality', 'local'],
    // Most of a group, and large or of a version.
    ['majority', 'major'],
    // Character, and one's own.
    ['personality', 'personal'],
    // A group of people, and speaking with them.
    ['community', 'communicate'],
  ])('%s is not %s', (word, other) => {
    expect(stemTerm(word)).not.toBe(stemTerm(other))
  })

  it.each([
    ['containers', 'container'],
    ['containerization', 'container'],
    ['authorize', 'authorization'],
    ['authorizing', 'authorized'],
    ['authorities', 'authority'],
    ['transformers', 'transformer'],
    ['severities', 'severity'],
    ['initializing', 'initialization'],
    ['initializer', 'initialize'],
    ['tokenize', 'tokenization'],
    ['tokenizer', 'tokenization'],
    ['regularize', 'regularization'],
    ['responsibility', 'responsibilities'],
    ['identities', 'identity'],
    ['probabilities', 'probability'],
    // Observability is being observable.
    ['observability', 'observable'],
    // The rest of each root keeps Porter's stem.
    ['contained', 'contain'],
    ['authors', 'author'],
    ['transformed', 'transform'],
    ['tokens', 'token'],
    ['responses', 'response'],
  ])('%s and %s are one family', (word, other) => {
    expect(stemTerm(word)).toBe(stemTerm(other))
  })
})

describe('a question with one word of such a pair does not reach the entries of the other', () => {
  it.each([
    ['How do you transform an array of objects?', 'ml-transformers'],
    ['How do you initialize an array in Java?', 'beh-initiative'],
    ['What is regularization?', 'js-arrow-functions'],
    ['What is tokenization?', 'net-cookies-sessions-tokens'],
    ['Why does a write need a majority of nodes?', 'ops-semantic-versioning'],
  ])('"%s" is not confidently answered from %s', (question, wrong) => {
    const result = findAnswers(question)
    expect(result.status === 'match' && result.best?.entry.id === wrong).toBe(false)
  })

  it.each([
    ['What is authorization?', 'net-authn-vs-authz'],
    ['What is a transformer?', 'ml-transformers'],
    ['Explain the difference between a container and a virtual machine', 'ops-docker-vs-vm'],
    ['Give an example of taking initiative', 'beh-initiative'],
    ['What is observability?', 'sd-observability'],
    ['What were your responsibilities in your last role?', 'beh-roles-responsibilities'],
  ])('"%s" is still answered from %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })
})
