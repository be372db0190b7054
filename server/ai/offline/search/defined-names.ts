/**
 * The concepts an entry defines, as the words of their names in order, and which of an entry's
 * naming words it uses only inside such a name.
 */
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { analyze, analyzeWithSurface, type AnalyzedTerm } from './text/analyze.ts'

/**
 * A concept an entry defines: all the terms of its name, and the terms of its words in order on
 * each side of a comparison ("heap vs BST" has two sides, asked in either order).
 */
export type DefinedConcept = {
  terms: readonly string[]
  sides: readonly (readonly string[])[]
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
      .map((name) => ({
        terms: [...new Set(analyze(name))],
        sides: name.split(/\s+vs\s+/).map((side) => wordTermsOf(analyzeWithSurface(side))),
      }))
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
