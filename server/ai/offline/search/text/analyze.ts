import { conceptStems } from './concept-stems.ts'
import { hindiVerbTranslations } from './hindi-function-words.ts'
import { porterStem } from './stem.ts'
import { stopWords } from './stop-words.ts'
import { idiomSynonyms, type PhraseCondition, phraseSynonyms, tokenSynonyms } from './synonyms.ts'
import { isIndexableWord, type RawWord, rawWords, rawWordsWithIdentifiers } from './tokenize.ts'

/** One index term and the word(s) of the original text it came from. */
export type AnalyzedTerm = {
  term: string
  surface: string
}

/**
 * Word → the term(s) it stands for: the synonyms, and each form of a romanised Hindi content verb
 * as its English word ("rokoge" is "prevent"), so that a Hinglish question is searched by its meaning.
 */
const wordSynonyms: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...[...hindiVerbTranslations].map(([form, english]) => [form, [english]] as const),
  ...tokenSynonyms,
])

const stemCache = new Map<string, string>()
const STEM_CACHE_LIMIT = 50_000

/**
 * Only plain alphabetic words are stemmed; symbols, digits and concept tokens stay as they are. A
 * word whose Porter stem is another concept's has a stem of its own (`concept-stems.ts`).
 */
export function stemTerm(token: string): string {
  const cached = stemCache.get(token)
  if (cached !== undefined) return cached
  const stem = conceptStems.get(token) ?? (/^[a-z]+$/.test(token) ? porterStem(token) : token)
  // Queries bring new words forever; a bounded cache keeps a long-running server's memory flat.
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear()
  stemCache.set(token, stem)
  return stem
}

type Phrase = {
  stems: readonly string[]
  concept: string
  /** An idiom stands for its words, which are not indexed themselves. */
  isIdiom: boolean
  condition: PhraseCondition | undefined
}

const phrasesByFirstStem = new Map<string, Phrase[]>()
const phrases = [
  ...phraseSynonyms.map(([phrase, concept, condition]) => ({ phrase, concept, condition, isIdiom: false })),
  ...idiomSynonyms.map(([phrase, concept, condition]) => ({ phrase, concept, condition, isIdiom: true })),
]
for (const { phrase, concept, condition, isIdiom } of phrases) {
  const stems = rawWords(phrase).map(stemTerm)
  const first = stems[0]
  if (first === undefined) continue
  const list = phrasesByFirstStem.get(first) ?? []
  list.push({ stems, concept, isIdiom, condition })
  list.sort((a, b) => b.stems.length - a.stems.length)
  phrasesByFirstStem.set(first, list)
}

/** Whether the phrase's words around `start` (and the text's other words) allow it to stand. */
function conditionHolds(phrase: Phrase, words: readonly RawWord[], start: number): boolean {
  const end = start + phrase.stems.length
  // An identifier such as `push_back` is code, never an idiom.
  if (phrase.isIdiom && words.slice(start, end).some((raw) => raw.inIdentifier)) return false
  const condition = phrase.condition
  if (condition === undefined) return true
  const next = words[end]?.word ?? ''
  if (condition.onlyBefore !== undefined && !condition.onlyBefore.includes(next)) return false
  if (condition.notBefore?.includes(next) === true) return false
  const others = [...words.slice(0, start), ...words.slice(end)].map((raw) => raw.word)
  if (condition.needsWord !== undefined && !others.some((word) => condition.needsWord?.includes(word))) return false
  if (condition.notWithWord !== undefined && others.some((word) => condition.notWithWord?.includes(word))) return false
  return true
}

function matchPhrases(words: readonly RawWord[], stems: readonly string[], start: number): Phrase[] {
  const candidates = phrasesByFirstStem.get(stems[start] ?? '') ?? []
  return candidates.filter((p) => p.stems.every((s, k) => stems[start + k] === s) && conditionHolds(p, words, start))
}

/**
 * Text → index terms: raw words, phrase concepts (an idiom's in place of its words), synonym
 * replacement, stop-word removal and Porter stemming. The same function analyses documents, queries and interview context.
 */
export function analyzeWithSurface(text: string): AnalyzedTerm[] {
  const rawWithIdentifiers = rawWordsWithIdentifiers(text)
  const words = rawWithIdentifiers.map((raw) => raw.word)
  const stems = words.map(stemTerm)
  const out: AnalyzedTerm[] = []
  // The longest phrase wins: "binary search tree" must not also count as "binary search".
  let coveredUntil = 0
  let idiomUntil = 0
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? ''
    for (const phrase of matchPhrases(rawWithIdentifiers, stems, i)) {
      const end = i + phrase.stems.length
      if (end <= coveredUntil) continue
      coveredUntil = end
      if (phrase.isIdiom) idiomUntil = end
      out.push({ term: stemTerm(phrase.concept), surface: words.slice(i, end).join(' ') })
    }
    if (i < idiomUntil || stopWords.has(word) || !isIndexableWord(word)) continue
    const replacements = wordSynonyms.get(word)
    if (replacements === undefined) out.push({ term: stems[i] ?? word, surface: word })
    else for (const replacement of replacements) out.push({ term: stemTerm(replacement), surface: word })
  }
  return out
}

export function analyze(text: string): string[] {
  return analyzeWithSurface(text).map((t) => t.term)
}
