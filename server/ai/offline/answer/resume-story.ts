import type { AnswerShape } from './answer-shape.ts'
import { ACHIEVEMENT_VERB, type Position, type ResumeFacts } from './resume-facts.ts'
import { askedThemes, themeScore, type StoryTheme } from './story-themes.ts'

const STOP_WORDS = new Set(
  'a an the and or of to in on for with at by from about we our time you your tell me how what when did do was were had have give example describe'.split(
    ' ',
  ),
)

/** The words of a text that say what it is about. */
export function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9+#]+/)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
  )
}

function overlap(line: string, asked: ReadonlySet<string>): number {
  return [...contentWords(line)].filter((word) => asked.has(word)).length
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text
}

const OUTCOME =
  /^(.*[^,\s]),?\s+((?:cutting|reducing|saving|improving|increasing|growing|raising|lowering|with(?= (?:zero|no|\d)))\b.*)$/i
/** "Reduced build time by 45%": a change by a percentage is an outcome; "used by 3,000 merchants" is not. */
const BY_PERCENT = /^(.*[^,\s]),?\s+(by \d[\d,.]*\s*(?:%|percent)(?:\s.*)?)$/i

/**
 * A résumé line as action and result: "Built X, cutting manual work by 70%" is the action "Built
 * X" with the result "cutting manual work by 70%". A line with no stated outcome leaves the
 * result to the candidate: never an outcome or number of our own.
 */
export function actionAndResult(line: string): { action: string; result: string | null } {
  const split = OUTCOME.exec(line) ?? BY_PERCENT.exec(line)
  return split ? { action: split[1] ?? line, result: split[2] ?? null } : { action: line, result: null }
}

const STARTS_WITH_VERB = new RegExp(`^${ACHIEVEMENT_VERB.source}`, 'i')

/** "I led the migration…" for a bullet that starts with a verb; the line as written otherwise. */
function firstPerson(line: string): string {
  return STARTS_WITH_VERB.test(line) ? `I ${lowerFirst(line)}` : line
}

function where(position: Position | undefined): string {
  return position ? `at ${position.employer}, as ${position.title} (${position.period})` : '[where and when]'
}

type Chosen = { line: string; position: Position | undefined }

/**
 * The résumé line that tells the story asked for. With a theme ("a conflict"), or when a fit is
 * required, only a line that shows the theme or shares the question's words will do; otherwise
 * (a generic "a project you're proud of") the closest line, or the first.
 */
function choose(
  facts: ResumeFacts,
  question: string,
  themes: readonly StoryTheme[],
  options: { projectsFirst: boolean; fitRequired: boolean },
): Chosen | null {
  const pool = options.projectsFirst
    ? [...facts.projects, ...facts.achievements]
    : [...facts.achievements, ...facts.projects]
  const asked = contentWords(question)
  let best = themes.length === 0 && !options.fitRequired ? (pool[0] ?? null) : null
  let bestScore = 0
  for (const line of pool) {
    const score = themeScore(line, themes) * 2 + overlap(line, asked)
    if (score > bestScore) [best, bestScore] = [line, score]
  }
  return best === null ? null : { line: best, position: facts.positionOf.get(best) }
}

/** Where the résumé holds no fitting story: say so, and give the structure to fill in. */
function noFittingStory(facts: ResumeFacts, themes: readonly StoryTheme[]): AnswerShape {
  const about = themes.length > 0 ? themes.map((theme) => theme.name).join(' or ') : 'this'
  const current = facts.positions[0]
  const detail = [
    '*Your résumé lists no example of this, so the steps above are yours to fill with a real story; do not borrow one.*',
  ]
  if (current) detail.push('', `You could set it in your role as ${current.title} at ${current.employer}.`)
  return {
    gist: `Your résumé has no story about ${about}: pick a real one and tell it in STAR form.`,
    points: [
      '**Situation:** [where you were, when, and why it mattered]',
      '**Task:** [what you personally owned]',
      '**Action:** [the steps you took, saying "I"]',
      '**Result:** [the outcome, with a number if you have one, and what you learnt]',
    ],
    detail,
  }
}

/**
 * A STAR story built from the résumé's own lines: the employer and role the line was listed
 * under, the line itself as the action, and its figure as the result. Placeholders where the
 * résumé says nothing; when it holds no fitting story, it says so.
 */
export function resumeStory(
  facts: ResumeFacts,
  question: string,
  options: { about?: string; projectsFirst?: boolean; fitRequired?: boolean } = {},
): AnswerShape {
  // The question's own words name the theme; the matched entry's question only when they do not.
  const own = askedThemes(question)
  const themes = own.length > 0 ? own : askedThemes(options.about ?? '')
  const chosen = choose(facts, question, themes, {
    projectsFirst: options.projectsFirst ?? false,
    fitRequired: options.fitRequired ?? false,
  })
  if (chosen === null) return noFittingStory(facts, themes)
  const { line, position } = chosen
  const opening = position ? `At ${position.employer}, as ${position.title}, ` : ''
  const said = firstPerson(line)
  const { action, result } = actionAndResult(line)
  return {
    gist: `${opening}${opening === '' ? said : lowerFirst(said)}.`,
    points: [
      `**Situation:** ${where(position)}: [the context and why it mattered]`,
      '**Task:** [what you personally owned]',
      `**Action:** ${action}: [the steps you took]`,
      `**Result:** ${result ?? '[the measurable result]'}.`,
    ],
    detail: [],
  }
}
