/**
 * Words Porter's suffix rules reduce to the stem of another word of the same root that names a
 * different concept in an interview: TypeScript's generics and Python's generators ("gener", with
 * "generate"), a graph's vertices and vertical scaling ("vertic"), a product and production
 * ("product"), a critical section and criticism ("critic"). Each family here gets a stem of its
 * own; the rest of its root keeps Porter's. "Customer" keeps "custom": split, it sent a
 * development question about a customer to the one entry tagged "customer" and answered one fewer.
 */
const families: readonly (readonly [string, readonly string[]])[] = [
  ['generic', ['generic', 'generics']],
  ['generator', ['generator', 'generators']],
  ['vertex', ['vertex', 'vertexes', 'vertices']],
  ['production', ['production', 'productions']],
  ['productiv', ['productive', 'productively', 'productivity']],
  ['criticism', ['criticism', 'criticisms', 'criticize', 'criticized', 'criticizes', 'criticizing']],
  ['integrity', ['integrity']],
  ['experiment', ['experiment', 'experiments', 'experimented', 'experimenting', 'experimental', 'experimentation']],
  ['busy', ['busy']],
  ['convert', ['conversion', 'conversions']],
]

/** Word → its family's stem, for the words Porter's stem would join to another concept. */
export const conceptStems: ReadonlyMap<string, string> = new Map(
  families.flatMap(([stem, words]) => words.map((word) => [word, stem] as const)),
)
