/**
 * The romanised Hindi words the search drops and follow-up detection reads as naming nothing, and
 * the content verbs' forms it reads as their English word: the rule's lexicon (`hindi-lexicon.ts`)
 * less the words the knowledge base uses in English ("main thread", "salary band", "tab"), which
 * stay words of their own, and less the Hindi words that name a topic ("kaam", "galti":
 * `hinglish.ts`).
 */
import { everydayWordingsOf } from '#server/ai/offline/knowledge/everyday-wordings.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { hindiLexicon } from './hindi-lexicon.ts'
import { hinglishWords } from './hinglish.ts'
import { rawWords } from './tokenize.ts'

/** A segment with at least this many distinct Hindi words is Hindi; with fewer, its words are English. */
const HINDI_SEGMENT_MIN_WORDS = 2

/** Every text of the knowledge base the index reads, cut into lines and sentences, as sets of words. */
function knowledgeBaseSegments(): ReadonlySet<string>[] {
  const texts = knowledgeBase.flatMap((entry) => [
    entry.question,
    ...entry.alternatives,
    entry.gist ?? '',
    entry.answer,
    ...entry.keyPoints,
    ...entry.tags,
    ...(entry.defines ?? []),
    ...everydayWordingsOf(entry.id),
  ])
  return texts.flatMap((text) => text.split(/\n|[.!?;:](?:\s|$)/)).map((segment) => new Set(rawWords(segment)))
}

/**
 * The lexicon's words the knowledge base uses in English: each word of a segment that is not
 * Hindi. Which segments are Hindi is read with the English words already found taken out, until
 * nothing changes: "a salary band on the main page" has two of the lexicon's words, but "main" is
 * English elsewhere, so "band" is English here.
 */
function englishInTheKnowledgeBase(lexicon: ReadonlySet<string>): ReadonlySet<string> {
  const segments = knowledgeBaseSegments()
  const english = new Set<string>()
  for (let changed = true; changed;) {
    changed = false
    for (const words of segments) {
      const hindi = [...words].filter((word) => lexicon.has(word) && !english.has(word))
      if (hindi.length >= HINDI_SEGMENT_MIN_WORDS) continue
      for (const word of hindi) {
        english.add(word)
        changed = true
      }
    }
  }
  return english
}

const { functionWords, verbMeanings } = hindiLexicon()
const topicWords = new Set(hinglishWords.map(([word]) => word))

/** The rule's words the knowledge base uses in English ("main", "band", "tab", "page"). */
const englishToo = englishInTheKnowledgeBase(new Set([...functionWords, ...verbMeanings.keys()]))
const isHindiHere = (word: string) => !englishToo.has(word) && !topicWords.has(word)

/** Romanised Hindi words that name nothing and that the knowledge base never uses in English. */
export const hindiFunctionWords: ReadonlySet<string> = new Set([...functionWords].filter(isHindiHere))

/**
 * Each form of a content verb the knowledge base never uses in English, with the English word it
 * stands for: "rokoge" and "rokne" are "prevent", "bhejiye" is "send".
 */
export const hindiVerbTranslations: ReadonlyMap<string, string> = new Map(
  [...verbMeanings].filter(([word]) => isHindiHere(word)),
)

/** Every romanised Hindi word of the rule, a content verb's forms too: the words that mark a line as Hindi. */
export const hindiWords: ReadonlySet<string> = new Set([...hindiFunctionWords, ...hindiVerbTranslations.keys()])
