import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { analyzeWithSurface, stemTerm } from '#server/ai/offline/search/text/analyze.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'

// The index is built on first use: here, outside any test's time limit.
beforeAll(() => {
  knowledgeIndex()
})

const answeredFrom = (question: string): string | undefined => {
  const answer = answerQuestion({ question, history: [] })
  return answer.source === 'knowledge-base' ? answer.matches[0]?.id : undefined
}

/** Every word the knowledge base's entries use, as written. */
const knowledgeBaseWords = new Set(
  knowledgeBase.flatMap((entry) =>
    rawWords([entry.question, ...entry.alternatives, entry.answer, ...entry.keyPoints, ...entry.tags].join(' ')),
  ),
)

/**
 * Why a word of a defined name does not reach the engine as a term of its own, or undefined when it
 * does. A stop word between two words that survive ("divide and conquer") only joins them.
 */
function lossOf(word: string, position: number, words: readonly string[], side: string): string | undefined {
  const analysed = analyzeWithSurface(side)
  if (analysed.some((term) => term.surface.includes(' ') && term.surface.split(' ').includes(word))) return undefined
  const own = analysed.filter((term) => term.surface === word).map((term) => term.term)
  if (own.length === 0) {
    const joins = position > 0 && position < words.length - 1
    return joins ? undefined : `"${word}" is dropped`
  }
  if (!own.includes(stemTerm(word))) return `"${word}" becomes [${own.join(', ')}]`
  return undefined
}

/** An acronym has no inflections: a stem that is another word ("HTTPS" to "http") is another concept. */
function acronymLossOf(side: string): string[] {
  return (side.match(/\b[A-Z][A-Z0-9]+\b/g) ?? []).flatMap((acronym) => {
    const word = acronym.toLowerCase()
    const term = stemTerm(word)
    return term !== word && knowledgeBaseWords.has(term) ? [`"${acronym}" becomes [${term}]`] : []
  })
}

describe('the names of the concepts entries define', () => {
  const names = knowledgeBase.flatMap((entry) => (entry.defines ?? []).map((name) => [entry.id, name] as const))

  // A name that loses a word is lifted as the definition of something broader: "HAVING clause" of
  // any clause, "HTTPS" of anything HTTP.
  it('keep every word as a term of its own when analysed', () => {
    const losses = names.flatMap(([id, name]) =>
      name.split(/\s+vs\s+/).flatMap((side) => {
        const words = rawWords(side)
        const lost = words.flatMap((word, position) => lossOf(word, position, words, side) ?? [])
        return [...lost, ...acronymLossOf(side)].map((loss) => `${id}: ${name}: ${loss}`)
      }),
    )
    expect(losses).toEqual([])
  })
})

describe('a question that only shares words with a defined name', () => {
  it.each([
    ['What is a guard clause?', 'sql-where-vs-having'],
    ['What is an HTTP server?', 'net-https-tls'],
    ['What is the age of a cookie?', 'os-starvation-aging'],
    ['Why do props changes re-render a component?', 'react-hoc-render-props'],
  ])('is not answered from the entry that defines the name: %s', (question, wrong) => {
    expect(answeredFrom(question)).not.toBe(wrong)
  })

  // "render props" is named by its words, not by its words in order: the key prop of a list.
  it('does not lift that entry over the one it asks about', () => {
    expect(answeredFrom('Why is the key prop needed when rendering a list?')).toBe('react-reconciliation-keys')
  })

  // Two words of a name apart are not the name, so they name nothing of the entry that uses them only in it
  // (decision 0169); a name said whole, in either order, by one word of it or through a phrase still is.
  it.each([
    ['What are render props?', 'react-hoc-render-props'],
    ['Render props vs hooks, which would you pick?', 'react-hoc-render-props'],
    ['how do you shift bits left in C', 'algo-bit-manipulation'],
    ['Explain the 7 layers of OSI', 'net-osi-model'],
    ['a test that sometimes passes and sometimes fails without any code change', 'ops-flaky-tests'],
  ])('still answers %s from %s', (question, entry) => {
    expect(answeredFrom(question)).toBe(entry)
  })
})

// A question that asks about one concept named by two words said together (a compound) is not
// answered by an entry that names only one of them and so never says them together: it names
// another concept (decision 0173). An entry that says the compound, names all its words, or
// defines one word of it as a concept of its own still answers.
describe('a compound asked', () => {
  it.each([
    ['what is a friend function in C++', 'sd-nearby-friends'],
    ['what is a friend class', 'sd-nearby-friends'],
    ['what is a guard condition', 'ts-type-narrowing'],
    ['what is a dangling pointer', 'os-inodes-links'],
  ])('is not answered from an entry that names one word of it: %s', (question, wrong) => {
    expect(answeredFrom(question)).not.toBe(wrong)
  })

  // Both words named, never together: "tail" (of a list) and "recursion" (a way to reverse it),
  // "soft" and "delete" (links, and a file's deletion) are two other concepts.
  it.each([
    ['what is tail recursion', 'ds-reverse-linked-list'],
    ['what is a soft delete', 'os-inodes-links'],
  ])('is not answered from an entry that names its words apart: %s', (question, wrong) => {
    expect(answeredFrom(question)).not.toBe(wrong)
  })

  // "composite" only shares its stem with the defined "composition over inheritance".
  it('is not answered from an entry that defines another word of the same stem', () => {
    expect(answeredFrom('what is a composite key')).not.toBe('swd-composition-inheritance')
  })

  it.each([
    ['What is a subnet mask?', 'net-ip-nat'],
    ['what are subnet masks', 'net-ip-nat'],
    ['what is a composite index', 'sql-composite-index'],
    ['what is a vector clock in distributed systems', 'sd-key-value-store'],
    ['What is an IAM role in AWS', 'ops-iam-roles-policies'],
    ['what is the observer design pattern', 'swd-observer-pattern'],
    ['What is a binary search tree?', 'ds-binary-search-tree'],
    ['what is consistent hashing', 'sd-consistent-hashing'],
    ['What is database indexing?', 'sql-indexes'],
    ['How does Kafka guarantee ordering?', 'sd-kafka'],
    ['design whatsapp style messaging', 'sd-chat-system'],
  ])('still answers %s from %s', (question, entry) => {
    expect(answeredFrom(question)).toBe(entry)
  })
})
