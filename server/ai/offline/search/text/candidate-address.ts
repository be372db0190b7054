/**
 * The words an interviewer uses to speak to the candidate, in English and romanised Hindi ("you",
 * "aapne", "tumhara"). A question with one of them is put to the candidate: it asks something of
 * its own rather than carrying on the subject before it, and it is about them when the register
 * says so. One list, so every rule that asks "is this said to the candidate?" answers alike.
 */
import { rawWords } from './tokenize.ts'

const candidateAddressWords: ReadonlySet<string> = new Set([
  ...['you', 'your', 'yours', 'yourself', 'yourselves'],
  // Formal "aap" with its case endings: aapka, aapki, aapke, aapko, aapne, aapse, aapme.
  ...['aap', 'aapka', 'aapki', 'aapke', 'aapko', 'aapne', 'aapse', 'aapme', 'aapmein', 'apka', 'apki', 'apke'],
  // Familiar "tum" with its case endings.
  ...['tum', 'tumhara', 'tumhari', 'tumhare', 'tumne', 'tumko', 'tumhe', 'tumhein', 'tumse'],
])

/** Whether one word (lower case, as `rawWords` gives it) speaks to the candidate. */
export const addressesTheCandidateWord = (word: string): boolean => candidateAddressWords.has(word)

/** Whether the text speaks to the candidate anywhere. */
export const addressesTheCandidate = (text: string): boolean => rawWords(text).some(addressesTheCandidateWord)
