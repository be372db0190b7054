/**
 * The words an interviewer uses to speak to the candidate, in English and romanised Hindi ("you",
 * "aapne", "tumhara"). A question with one of them is put to the candidate: it asks something of
 * its own rather than carrying on the subject before it, and it is about them when the register
 * says so. One list, so every rule that asks "is this said to the candidate?" answers alike.
 */
import { hindiFunctionWords } from './hindi-function-words.ts'
import { SECOND_PERSON_PRONOUNS } from './hindi-lexicon.ts'
import { rawWords } from './tokenize.ts'

const candidateAddressWords: ReadonlySet<string> = new Set([
  ...['you', 'your', 'yours', 'yourself', 'yourselves'],
  // "Aap" and "tum" in every case, less a spelling the knowledge base uses in English ("AP" of CAP).
  ...SECOND_PERSON_PRONOUNS.filter((word) => hindiFunctionWords.has(word)),
])

/** Whether one word (lower case, as `rawWords` gives it) speaks to the candidate. */
export const addressesTheCandidateWord = (word: string): boolean => candidateAddressWords.has(word)

/** Whether the text speaks to the candidate anywhere. */
export const addressesTheCandidate = (text: string): boolean => rawWords(text).some(addressesTheCandidateWord)
