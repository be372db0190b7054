/**
 * Pronunciations for the interview vocabulary: the CMU dictionary that ships with PocketSphinx,
 * plus what it lacks and interviews say often: acronyms spelt out ("TCP"), compounds
 * ("typescript" = type + script), possessives and plurals of known words, and a short list of
 * technical terms written by hand.
 */
export type Dictionary = ReadonlyMap<string, readonly string[]>

/** Letter names, for acronyms read letter by letter. */
const letters: ReadonlyMap<string, string> = new Map(
  Object.entries({
    a: 'EY',
    b: 'B IY',
    c: 'S IY',
    d: 'D IY',
    e: 'IY',
    f: 'EH F',
    g: 'JH IY',
    h: 'EY CH',
    i: 'AY',
    j: 'JH EY',
    k: 'K EY',
    l: 'EH L',
    m: 'EH M',
    n: 'EH N',
    o: 'OW',
    p: 'P IY',
    q: 'K Y UW',
    r: 'AA R',
    s: 'EH S',
    t: 'T IY',
    u: 'Y UW',
    v: 'V IY',
    w: 'D AH B AH L Y UW',
    x: 'EH K S',
    y: 'W AY',
    z: 'Z IY',
  }),
)

/** Technical words the CMU dictionary lacks or says differently in interviews. */
const technical: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    json: ['JH EY S AH N'],
    js: ['JH EY EH S'],
    async: ['EY S IH NG K'],
    redis: ['R EH D IH S'],
    kubernetes: ['K UW B ER N EH T IY Z'],
    graphql: ['G R AE F K Y UW EH L'],
    postgres: ['P OW S T G R EH S'],
    postgresql: ['P OW S T G R EH S K Y UW EH L'],
    mysql: ['M AY EH S K Y UW EH L'],
    nosql: ['N OW EH S K Y UW EH L', 'N OW S IY K W AH L'],
    oauth: ['OW AO TH'],
    cors: ['K AO R Z'],
    idempotent: ['AY D EH M P OW T AH N T', 'AY D AH M P OW T AH N T'],
    idempotency: ['AY D EH M P OW T AH N S IY'],
    memoization: ['M EH M OW AH Z EY SH AH N', 'M EH M AH Z EY SH AH N'],
    memoize: ['M EH M OW AY Z'],
    recursion: ['R IY K ER ZH AH N'],
    concurrency: ['K AH N K ER AH N S IY'],
    sharding: ['SH AA R D IH NG'],
    deque: ['D EH K'],
    enum: ['IY N AH M'],
    enums: ['IY N AH M Z'],
    const: ['K AA N S T'],
    var: ['V AA R'],
    trie: ['T R IY', 'T R AY'],
    mutex: ['M Y UW T EH K S'],
    jsx: ['JH EY EH S EH K S'],
    devops: ['D EH V AA P S'],
    nginx: ['EH N JH AH N EH K S'],
    dijkstra: ['D AY K S T R AH'],
    kafka: ['K AA F K AH'],
    regex: ['R EH JH EH K S'],
    behavioural: ['B IH HH EY V Y ER AH L'],
    owasp: ['OW W AA S P'],
    typeof: ['T AY P AH V'],
    resize: ['R IY S AY Z'],
    rebase: ['R IY B EY S'],
    enqueue: ['EH N K Y UW'],
    dequeue: ['D IY K Y UW'],
    radix: ['R EY D IH K S'],
    palindrome: ['P AE L AH N D R OW M'],
    mongodb: ['M AA NG G OW D IY B IY'],
    zod: ['Z AA D'],
  }),
)

const maxAcronymLetters = 6

export function parseCmuDictionary(text: string): Map<string, string[]> {
  const dictionary = new Map<string, string[]>()
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ')
    if (space <= 0) continue
    const word = line.slice(0, space).replace(/\(\d+\)$/, '')
    const phones = line.slice(space + 1).trim()
    if (phones === '') continue
    const known = dictionary.get(word)
    if (known) known.push(phones)
    else dictionary.set(word, [phones])
  }
  return dictionary
}

/** Resolves each spoken word once; null when no pronunciation can be given. */
export function createPronouncer(dictionary: Dictionary) {
  const cache = new Map<string, readonly string[] | null>()

  function direct(word: string): readonly string[] | undefined {
    return technical.get(word) ?? dictionary.get(word)
  }

  function spelt(word: string): string[] | null {
    if (word.length < 2 || word.length > maxAcronymLetters) return null
    const phones = Array.from(word, (letter) => letters.get(letter))
    return phones.every((phone) => phone !== undefined) ? [phones.join(' ')] : null
  }

  /** Two or three known words of at least three letters each, fewest parts first. */
  function compound(word: string): string[] | null {
    for (let cut = 3; cut <= word.length - 3; cut += 1) {
      const head = direct(word.slice(0, cut))?.[0]
      const tail = direct(word.slice(cut))?.[0]
      if (head && tail) return [`${head} ${tail}`]
    }
    for (let first = 3; first <= word.length - 6; first += 1) {
      const head = direct(word.slice(0, first))?.[0]
      if (!head) continue
      for (let second = first + 3; second <= word.length - 3; second += 1) {
        const middle = direct(word.slice(first, second))?.[0]
        const tail = direct(word.slice(second))?.[0]
        if (middle && tail) return [`${head} ${middle} ${tail}`]
      }
    }
    return null
  }

  function resolve(word: string, written: string): readonly string[] | null {
    const known = direct(word)
    if (known) return known
    const isAcronym = /^[A-Z]{2,}s?$/.test(written)
    if (isAcronym) {
      const plural = written.endsWith('s')
      const letterNames = spelt(plural ? word.slice(0, -1) : word)
      if (letterNames) return letterNames.map((phones) => (plural ? `${phones} Z` : phones))
    }
    if (word.endsWith("'s")) {
      const base = direct(word.slice(0, -2))
      if (base) return base.map((phones) => `${phones} Z`)
    }
    if (word.endsWith('s') && word.length > 3) {
      const singular = resolve(word.slice(0, -1), written.slice(0, -1))
      if (singular) return singular.map((phones) => `${phones} Z`)
    }
    // "limiter", "reducer", "shortener": the verb plus -er.
    if (word.endsWith('er')) {
      const verb = direct(word.slice(0, -2)) ?? direct(word.slice(0, -1))
      if (verb) return verb.map((phones) => `${phones} ER`)
    }
    return compound(word) ?? (word.length <= 3 && !/[aeiou]/.test(word) ? spelt(word) : null)
  }

  return {
    /** The pronunciations of a word, or null when it must be left out of the model. */
    pronounce: (word: string, written = word): readonly string[] | null => {
      const key = `${word}\u0000${/^[A-Z]{2,}s?$/.test(written) ? 'A' : ''}`
      if (!cache.has(key)) cache.set(key, resolve(word, written))
      return cache.get(key) ?? null
    },
  }
}
