/**
 * Words Porter's suffix rules reduce to the stem of another word that names a different concept
 * in an interview: TypeScript's generics and Python's generators ("gener", with "generate"), a
 * graph's vertices and vertical scaling ("vertic"), a product and production ("product"), a
 * critical section and criticism ("critic"), a Docker container and "contains" ("contain"),
 * authorization and an author ("author"), a transformer model and transforming a value, the
 * severity of a bug and "several" ("sever"), initializing a variable and taking initiative
 * ("initi"), an algorithm's time complexity and a complex system ("complex"), one's manager and
 * memory or state management ("manag"), web accessibility and access control ("access"). Each
 * family here gets a stem of its own; the rest of its root keeps Porter's: the verb stays with the
 * activity ("manage memory"), so an entry that says "manager" beside "management" is found by
 * either.
 *
 * The list is written by hand because no rule of spelling tells these apart: the same suffixes
 * join words of one meaning far more often (compile and compiler, consume and consumer, immutable
 * and immutability, interview and interviewer, limit and rate limiter), and a rule that kept every
 * agent noun, "-ity" or "-ize" apart from its root would split those too. "Customer" keeps
 * "custom": split, it sent a development question about a customer to the one entry tagged
 * "customer" and answered one fewer. "Balancer" keeps "balanc" with balance: split, the rarer
 * "balancer" lifted the load balancer's own entry, whose question says it, over the scaling entry
 * that says it beside "balancing" ("load balancer or a bigger server, how would you scale?").
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
  ['container', ['container', 'containers', 'containerize', 'containerized', 'containerizing', 'containerization']],
  [
    'authoriz',
    ['authorization', 'authorizations', 'authorize', 'authorized', 'authorizes', 'authorizing', 'authorizer'],
  ],
  ['authority', ['authority', 'authorities']],
  ['transformer', ['transformer', 'transformers']],
  ['severity', ['severity', 'severities']],
  [
    'initializ',
    ['initialize', 'initialized', 'initializes', 'initializing', 'initialization', 'initializer', 'initializers'],
  ],
  ['tokeniz', ['tokenize', 'tokenized', 'tokenizes', 'tokenizing', 'tokenization', 'tokenizer', 'tokenizers']],
  ['regulariz', ['regularize', 'regularized', 'regularizing', 'regularization']],
  ['responsibil', ['responsibility', 'responsibilities', 'responsible', 'responsibly']],
  ['observer', ['observer', 'observers']],
  ['identity', ['identity', 'identities']],
  ['probability', ['probability', 'probabilities']],
  ['locality', ['locality']],
  ['majority', ['majority', 'majorities']],
  ['personality', ['personality', 'personalities']],
  ['community', ['community', 'communities']],
  ['complexity', ['complexity', 'complexities']],
  ['manager', ['manager', 'managers', 'managerial']],
  ['accessibility', ['accessibility']],
]

/** Word → its family's stem, for the words Porter's stem would join to another concept. */
export const conceptStems: ReadonlyMap<string, string> = new Map(
  families.flatMap(([stem, words]) => words.map((word) => [word, stem] as const)),
)
