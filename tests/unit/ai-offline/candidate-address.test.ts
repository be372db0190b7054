import { describe, expect, it } from 'vitest'
import { addressesTheCandidate, addressesTheCandidateWord } from '#server/ai/offline/search/text/candidate-address.ts'

describe('the words that speak to the candidate', () => {
  it.each([
    'How do you handle pressure?',
    'Tell me about yourself.',
    'Is this offer yours to decide?',
    'Aapne kabhi production issue handle kiya hai?',
    'Aapka notice period kitna hai?',
    'Aapko relocate karne mein problem hai?',
    'Tumhara biggest project kaunsa tha?',
    'Tumne kabhi team lead kiya hai?',
  ])('%s is said to the candidate', (question) => {
    expect(addressesTheCandidate(question)).toBe(true)
  })

  it.each([
    'What is a B-tree?',
    'Deadlock OS mein kya hota hai?',
    'Why does React need keys in a list?',
    // "Aapas" is "each other", not a form of "aap".
    'Do threads aapas mein memory share karte hain?',
  ])('%s is about a subject, not said to the candidate', (question) => {
    expect(addressesTheCandidate(question)).toBe(false)
  })

  it('reads single words as rawWords gives them', () => {
    expect(addressesTheCandidateWord('aapne')).toBe(true)
    expect(addressesTheCandidateWord('young')).toBe(false)
  })
})
