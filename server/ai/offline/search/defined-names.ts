/**
 * The concepts an entry defines, as the words of their names in order, and which of an entry's
 * naming words it uses only inside such a name.
 */
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { analyze, analyzeWithSurface, type AnalyzedTerm } from './text/analyze.ts'
import { aspectWords } from './text/aspect-words.ts'
import { singular } from './text/singular.ts'
import { rawWords } from './text/tokenize.ts'
import { everydayWordingsOf } from '#server/ai/offline/knowledge/everyday-wordings.ts'

/**
 * A concept an entry defines: all the terms of its name, and the terms of its words in order on
 * each side of a comparison ("heap vs BST" has two sides, asked in either order).
 */
export type DefinedConcept = {
  terms: readonly string[]
  sides: readonly (readonly string[])[]
  /** Each side's words as written, lower-cased ("composition" where the term is "composit"). */
  sideWords: readonly (readonly string[])[]
}

const definedConceptsCache = new Map<string, readonly DefinedConcept[]>()

/**
 * The terms of the text's words, in order. A phrase's own term ("bst" for "binary search tree") is
 * added before its words, so a phrase of the question that starts inside a name would stand between
 * the name's words; it counts as present or not, not in the order.
 */
export const wordTermsOf = (terms: readonly AnalyzedTerm[]): string[] =>
  terms.filter((term) => !term.surface.includes(' ')).map((term) => term.term)

/** The concepts the entry defines. */
export function definedConceptsOf(entry: KbEntry): readonly DefinedConcept[] {
  let concepts = definedConceptsCache.get(entry.id)
  if (concepts === undefined) {
    concepts = (entry.defines ?? [])
      .map((name) => {
        const sides = name.split(/\s+vs\s+/)
        return {
          terms: [...new Set(analyze(name))],
          sides: sides.map((side) => wordTermsOf(analyzeWithSurface(side))),
          sideWords: sides.map((side) => rawWords(side)),
        }
      })
      .filter((concept) => concept.terms.length > 0)
    definedConceptsCache.set(entry.id, concepts)
  }
  return concepts
}

/** Where `sequence` starts in `within`, its terms next to each other and in order. */
function startsOf(sequence: readonly string[], within: readonly string[]): number[] {
  const starts: number[] = []
  for (let start = 0; start + sequence.length <= within.length; start++)
    if (sequence.every((term, k) => within[start + k] === term)) starts.push(start)
  return starts
}

/** Whether `sequence` is somewhere in `within`, its terms next to each other and in order. */
export function occursInOrder(sequence: readonly string[], within: readonly string[]): boolean {
  return sequence.length === 0 || startsOf(sequence, within).length > 0
}

const boundTermsCache = new Map<string, ReadonlyMap<string, readonly (readonly string[])[]>>()

/**
 * Each word the entry's question, phrasings and tags use only inside one of its names of two or
 * more words, with those names: "render" and "props" in the entry on higher-order components and
 * render props, which says them nowhere apart.
 */
function boundTermsOf(entry: KbEntry): ReadonlyMap<string, readonly (readonly string[])[]> {
  const cached = boundTermsCache.get(entry.id)
  if (cached !== undefined) return cached
  const names = definedConceptsOf(entry)
    .flatMap(({ sides }) => sides)
    .filter((side) => side.length >= 2)
  const bound = new Map<string, Set<readonly string[]>>()
  const free = new Set<string>()
  for (const line of [entry.question, ...entry.alternatives, ...entry.tags]) {
    const terms = wordTermsOf(analyzeWithSurface(line))
    const inside = new Set<number>()
    for (const name of names)
      for (const start of startsOf(name, terms))
        name.forEach((term, k) => {
          inside.add(start + k)
          bound.set(term, (bound.get(term) ?? new Set()).add(name))
        })
    terms.forEach((term, at) => {
      if (!inside.has(at)) free.add(term)
    })
  }
  const onlyInNames = new Map([...bound].filter(([term]) => !free.has(term)).map(([term, of]) => [term, [...of]]))
  boundTermsCache.set(entry.id, onlyInNames)
  return onlyInNames
}

/** Whether every term of `name` is in one run of `within` as long as the name, in any order. */
function occursTogether(name: readonly string[], within: readonly string[]): boolean {
  const wanted = [...name].sort().join(' ')
  for (let start = 0; start + name.length <= within.length; start++)
    if ([...within.slice(start, start + name.length)].sort().join(' ') === wanted) return true
  return false
}

/**
 * The entry's naming words that the question says apart from the name they belong to. When two or
 * more words of a name are in the question but not together, they are not the name: "Why do props
 * changes re-render a component?" has the words of "render props", not render props, so the entry
 * on render props does not name them. One word of a name alone can stand for it ("OSI" for the OSI
 * model, "handshake" for the three-way handshake), a name said in either order is said ("shift
 * bits"), and a name the question reaches through a phrase ("sometimes fails" is flaky) is said.
 */
export function namedApartOf(
  entry: KbEntry,
  askedInOrder: readonly string[],
  fromPhrases: ReadonlySet<string>,
): ReadonlySet<string> {
  const asked = new Set(askedInOrder)
  const saidApart = (name: readonly string[]) =>
    name.filter((term) => asked.has(term)).length >= 2 &&
    !name.some((term) => fromPhrases.has(term)) &&
    !occursTogether(name, askedInOrder)
  const apart = new Set<string>()
  for (const [term, names] of boundTermsOf(entry)) if (names.every(saidApart)) apart.add(term)
  return apart
}

/**
 * The compound the question asks about, when all it asks is one: its two asked words, aspect
 * words aside ("how does gradient descent work"), both naming something, said next to each other
 * with no word between them, as "guard clause" in "What is a guard clause?". Two words with a word
 * between ("mutex vs semaphore") are two things asked, and three or more are as often a clause as
 * a name ("design whatsapp style messaging", "how does Kafka guarantee ordering"). Two words a
 * phrase of the analyser joins into one term are that term, said together or not by an entry.
 * `asked` are the terms of what is asked, `inOrder` the question's analysed words in order; the
 * compound's words come back with their terms and as they were said.
 */
export function compoundAskedOf(
  question: string,
  inOrder: readonly AnalyzedTerm[],
  asked: ReadonlySet<string>,
  naming: (term: string) => boolean,
): readonly AnalyzedTerm[] {
  const phrases = new Set(inOrder.filter((word) => word.surface.includes(' ')).map((word) => word.surface))
  const words = inOrder.filter(
    (word) => asked.has(word.term) && !word.surface.includes(' ') && !aspectWords.has(word.surface),
  )
  const [first, second] = words
  if (words.length !== 2 || first === undefined || second === undefined || first.term === second.term) return []
  if (!naming(first.term) || !naming(second.term) || phrases.has(`${first.surface} ${second.surface}`)) return []
  const raw = rawWords(question)
  const together = raw.some((word, at) => word === first.surface && raw[at + 1] === second.surface)
  return together ? [first, second] : []
}

const saidLinesCache = new Map<string, readonly (readonly string[])[]>()

/**
 * The terms of each line of the entry, in order: its question, phrasings, tags, defined names,
 * everyday wordings, gist, each sentence of its answer and each key point.
 */
function saidLinesOf(entry: KbEntry): readonly (readonly string[])[] {
  let lines = saidLinesCache.get(entry.id)
  if (lines === undefined) {
    lines = [
      entry.question,
      ...entry.alternatives,
      ...entry.tags,
      ...(entry.defines ?? []),
      ...everydayWordingsOf(entry.id),
      entry.gist ?? '',
      ...entry.answer.split(/(?<=[.!?])\s+/),
      ...entry.keyPoints,
    ].map((line) => wordTermsOf(analyzeWithSurface(line)))
    saidLinesCache.set(entry.id, lines)
  }
  return lines
}

/**
 * The words of the compound asked that the entry names (`named`: the terms of its question,
 * phrasings, tags and everyday wordings) without naming the compound: "clause" in the entry on
 * WHERE and HAVING clauses for "What is a guard clause?", "friend" in the design of nearby friends
 * for "what is a friend function?", and both words of "tail recursion" in the entry on reversing a
 * linked list, which names "tail" and "recursion" and never says them together. An entry that says
 * the words together in one of its lines names the compound (the entry on secrets management,
 * whose question and tags say "manage" and "management", says "secrets manager" in its answer). One
 * that defines a word of it, as written, as a name of its own is that word's concept, of which the
 * compound is a part ("subnet mask" and the entry that defines subnets); a word that only shares
 * its stem with the defined name is another word ("composite key" and composition over
 * inheritance).
 */
export function namedInPartOf(
  entry: KbEntry,
  compound: readonly AnalyzedTerm[],
  named: ReadonlySet<string>,
): readonly string[] {
  const some = compound.filter((word) => named.has(word.term)).map((word) => word.term)
  if (some.length === 0) return []
  const definesAWord = definedConceptsOf(entry).some(({ sideWords }) =>
    sideWords.some(
      (side) => side.length === 1 && compound.some((word) => singular(word.surface) === singular(side[0] ?? '')),
    ),
  )
  const terms = compound.map((word) => word.term)
  if (definesAWord || saidLinesOf(entry).some((line) => occursTogether(terms, line))) return []
  return some
}
