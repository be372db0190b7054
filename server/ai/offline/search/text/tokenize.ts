import { americanize, techTokens } from './synonyms.ts'

/**
 * Splits text into lowercase raw words while keeping technical tokens intact:
 * "c++", "node.js", "ci/cd", "n+1", "o(n log n)", "http/2". Everything else is split on
 * punctuation. Contractions of pronouns ("i'd", "we're") are dropped: they never carry a topic.
 */
const TOKEN_PATTERN = /o\([^)]{1,20}\)|[a-z0-9]+(?:[.+#/'’-]+[a-z0-9]+)*[+#]*/g
const CONTRACTION_PREFIXES = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'it',
  'that',
  'what',
  'there',
  'who',
  'let',
])

function normaliseBigO(token: string): string {
  const inner = token.slice(2, -1).replace(/\s+/g, '').replace(/\*/g, '')
  const canonical = inner.replace(/^log\(?n\)?$/, 'logn').replace(/^n\*?log\(?n\)?$/, 'nlogn')
  return `o(${canonical})`
}

function splitCompound(token: string): string[] {
  const mapped = techTokens.get(token)
  if (mapped) return [...mapped]
  const jsLibrary = /^([a-z0-9]+)\.js$/.exec(token)
  if (jsLibrary) return [`${jsLibrary[1]}js`]
  if (/[’']/.test(token)) {
    const [head = '', tail = ''] = token.split(/[’']/)
    if (CONTRACTION_PREFIXES.has(head)) return []
    if (tail === 't') return [] // don't, isn't, can't: negations of stop verbs
    return [head]
  }
  return token.split(/[./+#-]+/).filter((part) => part !== '')
}

/** A raw word, and whether it is part of a snake_case identifier (`push_back`, `emplace_back`). */
export type RawWord = {
  word: string
  inIdentifier: boolean
}

/** Every word, including single letters, so phrases such as "b tree" or "big o" can match. */
export function rawWordsWithIdentifiers(text: string): RawWord[] {
  const out: RawWord[] = []
  const lower = text.toLowerCase()
  for (const match of lower.matchAll(TOKEN_PATTERN)) {
    const token = match[0]
    if (token.startsWith('o(') && token.endsWith(')')) {
      out.push({ word: normaliseBigO(token), inIdentifier: false })
      continue
    }
    const inIdentifier = lower[match.index - 1] === '_' || lower[match.index + token.length] === '_'
    for (const part of splitCompound(token)) out.push({ word: americanize(part), inIdentifier })
  }
  return out
}

export function rawWords(text: string): string[] {
  return rawWordsWithIdentifiers(text).map((raw) => raw.word)
}

const KEEP_SINGLE_CHARACTERS = new Set(['c'])

/** Single letters and digits are noise in an index, except the language C. */
export function isIndexableWord(word: string): boolean {
  return word.length > 1 || KEEP_SINGLE_CHARACTERS.has(word)
}
