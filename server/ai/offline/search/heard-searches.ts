import { LRUCache } from 'lru-cache'
import { readsAsNoContext } from './context-signals.ts'
import { DEFAULT_MATCH_LIMIT, findAnswers, type KnowledgeSearch, type RetrievalResult } from './retrieve.ts'

/** Judged transcripts kept for their answer at most: more than ever wait at once; one pushed out is searched again. */
const KEPT_FOR_ANSWER = 100

type HeardSearches = {
  /** Searches for a transcript's words alone, as its judgement does, and keeps the result for its answer. */
  judge: (text: string) => RetrievalResult
  /** The search the answer makes: a kept judgement's result, once, when it is the same search. */
  search: KnowledgeSearch
}

/**
 * One knowledge-base search per spoken question. The transcriber judges a transcript by searching
 * for its words alone (local-transcriber.ts); answering the same words searched for them again,
 * with no context and the default options: the same search of the same index, so the same result.
 * The judgement's result is handed to the answer, once, when the answer's search is exactly that
 * one; any other (other words, a context with text, categories or a limit of its own) is made.
 */
export function heardSearches(search: KnowledgeSearch = findAnswers): HeardSearches {
  const judged = new LRUCache<string, RetrievalResult>({ max: KEPT_FOR_ANSWER })
  return {
    judge(text) {
      const result = search(text)
      judged.set(text, result)
      return result
    },
    search(question, context, options = {}) {
      const asJudged =
        readsAsNoContext(context) &&
        options.categories === undefined &&
        options.index === undefined &&
        (options.limit ?? DEFAULT_MATCH_LIMIT) === DEFAULT_MATCH_LIMIT
      const kept = asJudged ? judged.get(question) : undefined
      if (kept === undefined) return search(question, context, options)
      judged.delete(question)
      return kept
    },
  }
}
