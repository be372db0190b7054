import type { Category, Difficulty } from '#server/ai/offline/knowledge/schema.ts'
import { aboutTheCandidateProbability } from '#server/ai/offline/search/question-register.ts'
import { addressesTheCandidate } from '#server/ai/offline/search/text/candidate-address.ts'
import { BUILT_STRUCTURE, STRUCTURE_ENDS, statesACodingProblem } from './coding-problem.ts'

export type QuestionType = 'technical' | 'behavioural' | 'system-design' | 'coding'

const behaviouralPatterns: readonly RegExp[] = [
  /\btell me about (a|an|the|one)? ?(time|situation|moment|occasion|project|mistake|conflict|challenge|failure)\b/,
  /\b(describe|give (me )?(an )?example of|share|recall) (a|an|the)? ?(time|situation|occasion|moment|instance)\b/,
  /\bhave you ever\b/,
  /\bwhat would you do if\b/,
  /\bhow (do|would|did) you (handle|deal with|cope with|respond to|manage) (a |an )?(conflict|stress|pressure|feedback|criticism|disagreement|deadline|ambiguity|failure|difficult|mistake|underperform|stakeholder|teammate|coworker|colleague|manager|too many)/,
  /\b(greatest|biggest|main) (strength|weakness|achievement|accomplishment|mistake|failure|challenge)/,
  /\b(strengths?|weakness(es)?)\b/,
  /\bwhy (do you want|should we hire|are you leaving|did you leave|this (company|role|job)|us\b|our company)/,
  /\bwhere do you see yourself\b/,
  /\btell me (a little )?(bit )?about yourself\b/,
  /\b(salary|compensation) expectations?\b/,
  /\bquestions for (us|me)\b/,
  /\bproudest\b|\bmost proud\b/,
]

const systemDesignPatterns: readonly RegExp[] = [
  /\bsystem design\b/,
  /\bhow (would|do|will|could) you (design|architect|scale)\b/,
  /^(please )?design (a|an|the)\b/,
  /\bdesign (a|an) [a-z\s-]{0,40}(system|service|platform|app|application|backend|api|feed|chat|cache|shortener|crawler|limiter|queue|store|database)\b/,
  /\b(scale|handle) (to )?(millions|billions|\d+ ?(k|m|million|billion))\b/,
  // Not a data structure built in code ("how would you build a trie in Python?"): that is coding.
  new RegExp(`\\bhow would you build (a|an|something like)\\b(?! ${BUILT_STRUCTURE}${STRUCTURE_ENDS})`),
  // A design asked for by what it builds ("design something like Google Drive", "how would you
  // build the backend of a messaging app", "how would you model the classes for a car park").
  /^(please )?design (something|one) like\b/,
  /\bhow (would|will|do|could|can) you (build|model|structure) (the|a|an) ([a-z-]+ ){0,4}(backend|back end|feed|classes|system|service|platform|architecture)\b/,
  /\b(design|model) the classes\b/,
]

/**
 * How surely the register (learnt from the knowledge base's own lines) must read a question as put to
 * the candidate about themselves for it to be behavioural when no wording rule and no entry places it.
 * The register is sharp: a subject question asked with "you" ("how do you handle a deadlock in
 * Postgres?") sits well below this, and lowering it to 0.9 turned more subject questions than stories.
 */
const ABOUT_THE_CANDIDATE = 0.99

function normalise(question: string): string {
  return question.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim()
}

/**
 * Question type from wording first, then from the category of the matched entry, and with no entry
 * from the question's register.
 */
export function classifyQuestion(question: string, matchedCategory?: Category): QuestionType {
  const text = normalise(question)
  if (behaviouralPatterns.some((p) => p.test(text))) return 'behavioural'
  if (systemDesignPatterns.some((p) => p.test(text))) return 'system-design'
  if (statesACodingProblem(text)) return 'coding'
  if (matchedCategory === 'behavioural') return 'behavioural'
  if (matchedCategory === 'system-design') return 'system-design'
  if (
    matchedCategory === undefined &&
    // The register alone is too sure of lines whose words it has not seen ("what is a gap lock in
    // MySQL InnoDB?" reads 0.92): a question about the candidate also speaks to them.
    addressesTheCandidate(text) &&
    aboutTheCandidateProbability(question) >= ABOUT_THE_CANDIDATE
  )
    return 'behavioural'
  return 'technical'
}

const hardCues =
  /\b(distributed|at scale|millions|billions|consensus|internals?|concurren\w*|race conditions?|trade-?offs?|isolation levels?|consistency|fault[- ]toleran\w*|optimi[sz]\w*|under the hood|deep dive)\b/
const easyCues =
  /^(what is|what's|whats|what are|define|what does .{1,30} (stand for|mean))\b|\bdifference between\b|\bbasics?\b/

/** Used only when no knowledge-base entry answers the question. */
export function estimateDifficulty(question: string, type: QuestionType): Difficulty {
  const text = normalise(question)
  if (type === 'system-design' || hardCues.test(text)) return 'hard'
  if (easyCues.test(text) && text.split(' ').length <= 12) return 'easy'
  return 'medium'
}

/** The category a question most likely belongs to when nothing matched confidently. */
export function categoryForType(type: QuestionType): Category | null {
  if (type === 'behavioural') return 'behavioural'
  if (type === 'system-design') return 'system-design'
  if (type === 'coding') return 'algorithms'
  return null
}
