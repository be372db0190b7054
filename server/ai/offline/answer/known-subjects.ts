/**
 * Whether words name a subject the knowledge base knows as one: a concept some entry defines (its
 * `defines`, the words of a name together and in order, each side of a comparison a name of its
 * own), or a word so rare in the knowledge base that it is as likely the name of a concept no
 * entry covers ("Svelte", "goroutines"). A word many entries use but none defines is a role or an
 * attribute of the subject under discussion, not one of its own: "node", "keys", "writes",
 * "production", "overhead".
 */
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { analyzeWithSurface, type AnalyzedTerm } from '#server/ai/offline/search/text/analyze.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

/** As retrieval counts it: a word fewer entries than this use is as likely a name no entry covers. */
const PASSING_WORD_ENTRIES = 2

/** The terms of the words, in order; a phrase's own term ("hashmap") stands beside its words. */
const wordTermsOf = (terms: readonly AnalyzedTerm[]): string[] =>
  terms.filter((term) => !term.surface.includes(' ')).map((term) => term.term)

let definedNames: readonly (readonly string[])[] | undefined

/** Every name an entry defines, as the terms of its words in order. */
function namesDefined(): readonly (readonly string[])[] {
  definedNames ??= knowledgeBase
    .flatMap((entry) => entry.defines ?? [])
    .flatMap((name) => name.split(/\s+vs\s+/))
    .map((side) => wordTermsOf(analyzeWithSurface(side)))
    .filter((terms) => terms.length > 0)
  return definedNames
}

const occursInOrder = (sequence: readonly string[], within: readonly string[]) =>
  within.some((_, start) => sequence.every((term, k) => within[start + k] === term))

/** Whether the text names a concept an entry defines, or a word rare enough to be a name of its own. */
export function namesKnownSubject(text: string): boolean {
  const terms = wordTermsOf(analyzeWithSurface(text))
  const index = knowledgeIndex()
  return (
    terms.some((term) => index.documentFrequency(term) < PASSING_WORD_ENTRIES) ||
    namesDefined().some((name) => occursInOrder(name, terms))
  )
}
