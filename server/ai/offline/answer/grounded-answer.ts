import { splitSentences } from './answer-format.ts'
import { readResume, type ResumeFacts } from './resume-facts.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { hasText } from '#server/ai/offline/has-text.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/** Questions about the candidate themselves: their example stories would be someone else's life. */
const PERSONAL_ENTRIES = new Set(['beh-tell-me-about-yourself', 'beh-why-company', 'beh-proudest-project'])

const STOP_WORDS = new Set(
  'a an the and or of to in on for with at by from about time you your tell me how what when did do was were had have'.split(
    ' ',
  ),
)

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9+#]+/)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
  )
}

/** The résumé line sharing most words with the question; the first line when none shares any. */
function closest(lines: readonly string[], question: string): string | undefined {
  const asked = words(question)
  let best = lines[0]
  let bestScore = 0
  for (const line of lines) {
    const score = [...words(line)].filter((word) => asked.has(word)).length
    if (score > bestScore) [best, bestScore] = [line, score]
  }
  return best
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text
}

function humanList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

function footer(entry: KbEntry): string[] {
  return ['', '**Key points to mention**', ...entry.keyPoints.map((point) => `- ${point}`)]
}

function role(context: InterviewContext): string | null {
  return hasText(context.role) ? context.role.replace(/\s+/g, ' ').trim().slice(0, 80) : null
}

function jobSkills(facts: ResumeFacts, context: InterviewContext): string[] {
  if (!hasText(context.jobDescription)) return []
  const job = context.jobDescription.toLowerCase()
  return facts.skills.filter((skill) => job.includes(skill.toLowerCase())).slice(0, 3)
}

function introduction(entry: KbEntry, facts: ResumeFacts, context: InterviewContext): string[] {
  const [current, ...earlier] = facts.positions
  const target = role(context)
  const years = facts.years !== null ? `, with ${facts.years} years of experience` : ''
  const now = current ? `I am a ${current.title} at ${current.employer}${years}.` : `I am [your current role]${years}.`
  const skills = facts.skills.length > 0 ? ` I work mostly with ${humanList(facts.skills.slice(0, 3))}.` : ''
  const lines = [`**In short:** ${now}${skills}`, '', '**Say it in this order (from your résumé)**']
  lines.push(`- **Now:** ${now}`)
  if (earlier.length > 0)
    lines.push(`- **Before:** ${earlier.map((p) => `${p.title} at ${p.employer} (${p.period})`).join('; ')}.`)
  const highlights = [...facts.achievements, ...facts.projects].slice(0, 2)
  lines.push(
    highlights.length > 0
      ? `- **Achievements:** ${highlights.join('; ')}.`
      : '- **Achievements:** [two achievements that match the job description, with numbers]',
  )
  lines.push(
    `- **Next:** ${target !== null ? `that is why the ${target} role is my next step` : 'why this role is your next step: [what draws you to it]'}.`,
  )
  return [...lines, ...footer(entry)]
}

function motivation(entry: KbEntry, facts: ResumeFacts, context: InterviewContext): string[] {
  const target = role(context) ?? '[this role]'
  const current = facts.positions[0]
  const evidence = closest([...facts.achievements, ...facts.projects], context.jobDescription ?? target)
  const overlap = jobSkills(facts, context)
  const lines = [
    `**In short:** ${target} builds on what I do now${current ? ` as ${current.title} at ${current.employer}` : ''}.`,
    '',
    '**Say it in this order (from your résumé)**',
    '- **What draws you:** [something specific about the company: its product, a recent launch, its problem space]',
    `- **What you bring:** ${evidence ?? '[a result from your current work that matches their challenges]'}.`,
  ]
  if (overlap.length > 0) lines.push(`- **The match:** the job asks for ${humanList(overlap)}, which I use every day.`)
  lines.push('- **Fit:** how you would contribute quickly and what you want to learn there.')
  return [...lines, ...footer(entry)]
}

function resultOf(line: string): string {
  const numbers = /[^,;.]*\d[\d,.]*\s*(?:%|percent|x|ms|seconds|hours|days|users|customers)?[^,;.]*/i.exec(line)
  return numbers ? numbers[0].trim() : '[the measurable result]'
}

function story(entry: KbEntry, facts: ResumeFacts, question: string): string[] {
  const pool = entry.id === 'beh-proudest-project' ? [...facts.projects, ...facts.achievements] : facts.achievements
  const chosen = closest(pool.length > 0 ? pool : facts.projects, question)
  const at = facts.positions[0]
  const where = at ? `at ${at.employer}, as ${at.title}` : 'in [your role]'
  const [guidance = ''] = splitSentences(entry.answer)
  const lines = [
    `**In short:** ${chosen !== undefined ? `${chosen} (${where}).` : guidance}`,
    '',
    '**Your story from your résumé (STAR)**',
    `- **Situation:** ${where}: [the context and why it mattered]`,
    `- **Task:** [what you personally owned]`,
    `- **Action:** ${chosen !== undefined ? `${lowerFirst(chosen)}.` : '[the steps you took, in your own words]'}`,
    `- **Result:** ${chosen !== undefined ? resultOf(chosen) : '[the measurable result]'}.`,
    '',
    `*${guidance}*`,
  ]
  return [...lines, ...footer(entry)]
}

/** The same answers without a résumé: the structure, with placeholders where the facts belong. */
function placeholders(entry: KbEntry, context: InterviewContext): string[] {
  const target = role(context) ?? '[this role]'
  const [guidance = ''] = splitSentences(entry.answer)
  const steps =
    entry.id === 'beh-tell-me-about-yourself'
      ? [
          '- **Now:** I am a [your current role] at [your current employer], working mostly on [your main skills].',
          '- **Before:** [your previous role and what you learnt there]',
          '- **Achievements:** [two achievements that match the job description, with numbers]',
          `- **Next:** why ${target} is your next step: [what draws you to it]`,
        ]
      : entry.id === 'beh-why-company'
        ? [
            '- **What draws you:** [something specific about the company: its product, a recent launch, its problem space]',
            '- **What you bring:** [a result from your current work that matches their challenges]',
            `- **Fit:** how you would contribute quickly in ${target} and what you want to learn there`,
          ]
        : [
            '- **Situation:** [the project, where you worked, and why it mattered]',
            '- **Task:** [what you personally owned]',
            '- **Action:** [the steps you took, the hard technical part]',
            '- **Result:** [the measurable result, and why you are proud of it]',
          ]
  return [`**In short:** ${guidance}`, '', '**How to structure it**', ...steps, ...footer(entry)]
}

/**
 * An answer built from the candidate's own résumé for questions about them ("tell me about
 * yourself", "why this role", their proudest project, behavioural stories), so that it never
 * carries the knowledge base's example persona. Null when the entry is not about the candidate,
 * or (for behavioural stories) when there is no résumé to draw on.
 */
export function groundedAnswer(entry: KbEntry, context: InterviewContext | undefined, question: string): string | null {
  const personal = PERSONAL_ENTRIES.has(entry.id)
  if (!personal && entry.category !== 'behavioural') return null
  const facts = readResume(context?.resume)
  if (facts === null) return personal ? placeholders(entry, context ?? {}).join('\n') : null
  const ctx = context ?? {}
  if (entry.id === 'beh-tell-me-about-yourself') return introduction(entry, facts, ctx).join('\n')
  if (entry.id === 'beh-why-company') return motivation(entry, facts, ctx).join('\n')
  if (facts.achievements.length + facts.projects.length === 0)
    return personal ? placeholders(entry, ctx).join('\n') : null
  return story(entry, facts, question).join('\n')
}
