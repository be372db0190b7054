/**
 * How the interviewer wants the answer put, said after the question: "…, explain with a real life
 * example", "… in simple words", "… briefly", "…, example ke saath samjhao". It says nothing of what
 * is asked, but the search reads its words as the question's: "real life example" pulled a question
 * on stacks and queues to an entry that explains encapsulation with a real-life analogy, and "explain
 * with fibonacci example" split dynamic programming's question between two entries.
 */

/** A request for an example, however it is said: "with an example", "using a real life example", "example ke saath". */
const EXAMPLE =
  String.raw`(?:(?:explain|illustrate|show|describe|samjhao|samjhaiye|batao)\s+)?(?:it\s+)?(?:with|using)\s+(?:a|an|one|some)?\s*(?:[\w-]+\s+){0,3}?examples?(?:\s+(?:from\s+)?(?:real[- ]life|the real world))?` +
  String.raw`|(?:ek\s+)?(?:[\w-]+\s+){0,2}?examples?\s+(?:ke\s+saath|ke\s+sath|se|dekar|deke)(?:\s+(?:samjhao|samjhaiye|batao|bataiye|explain\s+karo))?`
/** How long or plain: "in simple words", "in layman's terms", "in brief", "briefly", "in detail", "in one line". */
const MANNER = String.raw`in\s+(?:very\s+)?(?:simple|plain|easy)\s+(?:words|terms|language|english)|in\s+layman'?s?\s+terms|in\s+brief|briefly|in\s+short|in\s+detail|in\s+one\s+line|simple\s+words\s+mein`

/**
 * The instruction as the question's very last words, with what is said before it ("please", "can
 * you") and only a closing particle or mark after it: an instruction said mid-question ("Can you
 * briefly explain what a deadlock is?") leaves the question after it, and words of the question that
 * look like one ("the problem in short polling", "query by example") are no instruction.
 */
const trailingInstruction = new RegExp(
  String.raw`[\s,.;:-]+(?:(?:and|please|can you|could you)\s+)*(?:${EXAMPLE}|${MANNER})(?:\s+(?:na|please))?\s*[.?!]*\s*$`,
  'i',
)

/** Words a question must keep before the instruction for the instruction to be only that: "what is a deadlock". */
const MIN_QUESTION_WORDS = 2

/**
 * The question without an instruction on how to put the answer at its end: "What is the difference
 * between stack and queue, explain with a real life example" → "What is the difference between stack
 * and queue". A question that is all instruction ("give an example of a mistake you made") is kept:
 * there the example is what is asked.
 */
export function withoutPresentation(question: string): string {
  const match = trailingInstruction.exec(question)
  if (match === null) return question
  const rest = question.slice(0, match.index).trim()
  return rest.split(/\s+/).filter(Boolean).length >= MIN_QUESTION_WORDS ? rest : question
}
