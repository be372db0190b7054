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
    // The cost of an algorithm, and "not simple".
    ['complexity', 'complex'],
    ['complexities', 'complex'],
    // The person one reports to, and handling something (memory, state, time).
    ['manager', 'management'],
    ['managers', 'manage'],
    // Usable by everyone, and reaching something (memory, a resource, a member).
    ['accessibility', 'access'],
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
    ['complexities', 'complexity'],
    ['managers', 'manager'],
    // Observability is being observable.
    ['observability', 'observable'],
    // The rest of each root keeps Porter's stem.
    ['contained', 'contain'],
    ['authors', 'author'],
    ['transformed', 'transform'],
    ['tokens', 'token'],
    ['responses', 'response'],
    ['managing', 'management'],
    ['managed', 'manage'],
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
    // Reducing a cost, not a reducer for complex state.
    ['How do you reduce the complexity of your code?', 'react-usereducer'],
    // Time management, not a disagreement with a manager nor managing a team member.
    ['How do you manage your time?', 'beh-disagree-manager'],
    ['How do you manage your time?', 'beh-senior-performance'],
    // Time series are data, not one's own time.
    ['How do you manage your time series data?', 'beh-prioritization'],
    // Usable by everyone, not broken access control.
    ['What is web accessibility?', 'net-owasp-top-ten'],
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
    // An entry that says both words of a split family is still found by either; balance and the
    // load balancer, one stem, are still told apart.
    ['What is your management style?', 'beh-ideal-manager'],
    ['How do you manage your time?', 'beh-prioritization'],
    ['What kind of manager do you like to work with?', 'beh-ideal-manager'],
    ['What is a secrets manager?', 'ops-secrets-management'],
    ['What is state management in React?', 'react-state-management'],
    ['What is load balancing?', 'sd-load-balancer'],
    ['How do you balance load across servers?', 'sd-load-balancer'],
    ['Which algorithms does a load balancer use?', 'sd-load-balancer'],
    ['How do you maintain work-life balance?', 'beh-work-life-balance'],
    ['What is a red-black tree and how does it stay balanced?', 'ds-balanced-trees'],
    ['What is the time complexity of binary search?', 'algo-binary-search'],
    ['How do you explain a complex system to a non-technical person?', 'beh-explain-technical'],
    ['What is accessibility in React?', 'react-accessibility'],
    ['What is access control?', 'net-authn-vs-authz'],
    ['What is broken access control?', 'net-owasp-top-ten'],
  ])('"%s" is still answered from %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })
})
