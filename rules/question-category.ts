/**
 * The five groups an interview review splits questions into. The category is decided once, when
 * the question is recorded, from its words (and whether any source could answer it), and kept in
 * the event, so a review rebuilt later shows the same split even after the wording rules change.
 */
export const questionCategories = ['technical', 'system-design', 'behavioural', 'hr-salary', 'other'] as const
export type QuestionCategory = (typeof questionCategories)[number]

export const questionCategoryLabels: Record<QuestionCategory, string> = {
  technical: 'Technical topics',
  'system-design': 'System design',
  behavioural: 'Behavioural',
  'hr-salary': 'HR and salary',
  other: 'Other',
}

const hrAndSalary =
  /\b(salary|ctc|compensation|notice period|joining date|relocat\w*|expected pay|pay expectations?|benefits|bonus|stock options?|current package|offer letter|work from home|shift timings?|why should we hire you|where do you see yourself|why are you leaving|why do you want to (join|work))\b/
const behavioural =
  /\b(tell me about (a|an|the|one)? ?(time|situation|moment|project|mistake|conflict|challenge|failure)|describe a (time|situation)|give (me )?an example of|have you ever|what would you do if|how (do|did|would) you (handle|deal with|manage|resolve)|strengths?|weakness(es)?|proudest|most proud|tell me about yourself|disagree\w*|teamwork|leadership)\b/
const systemDesign =
  /\b(system design|design (a|an|the)\b|architect\w*|scal(e|ing|able|ability)|load balanc\w*|sharding|replication|high availability|throughput|rate limiter|microservices?|distributed)\b/
const technical =
  /\b(algorithm|complexity|big o|array|linked list|tree|graph|hash|stack|queue|heap|sort\w*|recursion|dynamic programming|sql|database|index(es)?|join|transaction|api|rest|http|tcp|dns|cache|thread\w*|process|concurren\w*|memory|garbage|closure|promise|async|react|javascript|typescript|java|python|c\+\+|golang|rust|class|object|inheritance|polymorphism|interface|function|variable|docker|kubernetes|git|test\w*|security|encrypt\w*|machine learning|model|regression|network|linux|code|coding|bug|debug\w*|compile\w*|runtime|framework|library)\b/

/**
 * The question's group from its words. A question no rule recognises counts as technical only
 * when an answer source recognised it (a knowledge-base entry or a model answered it); a question
 * nothing could place is "other".
 */
export function categoriseQuestion(question: string, answeredFromKnowledge: boolean): QuestionCategory {
  const text = question.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ')
  if (hrAndSalary.test(text)) return 'hr-salary'
  if (behavioural.test(text)) return 'behavioural'
  if (systemDesign.test(text)) return 'system-design'
  if (technical.test(text) || answeredFromKnowledge) return 'technical'
  return 'other'
}
