import { joinBlocks, type AnswerShape } from './answer-shape.ts'
import { readResume, type ResumeFacts } from './resume-facts.ts'
import { contentWords, resumeStory } from './resume-story.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { hasText } from '#server/ai/offline/has-text.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { entryGist } from '#server/ai/offline/knowledge/spoken-shape.ts'

/** Questions about the candidate themselves: their example stories would be someone else's life. */
const PERSONAL_ENTRIES = new Set(['beh-tell-me-about-yourself', 'beh-why-company', 'beh-proudest-project'])

/**
 * A question that asks for a story ("tell me about a time…", "describe a situation…"). Other
 * behavioural questions (salary, notice period, weaknesses, questions for the interviewer) are
 * answered with advice and a phrasing, never with a story from the résumé.
 */
export function asksForStory(question: string): boolean {
  return /\btell (me|us) about (a|an|the|one)\b|\b(describe|share|recall) (a|an) (time|situation|occasion|moment)\b|\ba time (when|you)\b/i.test(
    question,
  )
}

/** The résumé line sharing most words with the text; the first line when none shares any. */
function closest(lines: readonly string[], text: string): string | undefined {
  const asked = contentWords(text)
  let best = lines[0]
  let bestScore = 0
  for (const line of lines) {
    const score = [...contentWords(line)].filter((word) => asked.has(word)).length
    if (score > bestScore) [best, bestScore] = [line, score]
  }
  return best
}

function humanList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

/** The entry's advice, read after the spoken part: its first sentence and its key points. */
function advice(entry: KbEntry): string[] {
  return [`*${entryGist(entry)}*`, '', '**Key points to mention**', ...entry.keyPoints.map((point) => `- ${point}`)]
}

function role(context: InterviewContext): string | null {
  return hasText(context.role) ? context.role.replace(/\s+/g, ' ').trim().slice(0, 80) : null
}

function jobSkills(facts: ResumeFacts, context: InterviewContext): string[] {
  if (!hasText(context.jobDescription)) return []
  const job = context.jobDescription.toLowerCase()
  return facts.skills.filter((skill) => job.includes(skill.toLowerCase())).slice(0, 3)
}

function introduction(entry: KbEntry, facts: ResumeFacts, context: InterviewContext): AnswerShape {
  const [current, ...earlier] = facts.positions
  const target = role(context)
  const years = facts.years !== null ? `, with ${facts.years} years of experience` : ''
  const now = current ? `I am a ${current.title} at ${current.employer}${years}.` : `I am [your current role]${years}.`
  const skills = facts.skills.length > 0 ? ` I work mostly with ${humanList(facts.skills.slice(0, 3))}.` : ''
  const [highlight, ...moreHighlights] = [...facts.achievements, ...facts.projects]
  const points = [
    earlier.length > 0
      ? `**Before:** ${earlier
          .slice(0, 2)
          .map((p) => `${p.title} at ${p.employer} (${p.period})`)
          .join('; ')}.`
      : '**Before:** [your previous role and what you learnt there]',
    highlight !== undefined
      ? `**Achievement:** ${highlight}.`
      : '**Achievement:** [an achievement that matches the job description, with a number]',
    `**Next:** ${target !== null ? `that is why the ${target} role is my next step` : 'why this role is your next step: [what draws you to it]'}.`,
  ]
  const detail =
    moreHighlights.length > 0
      ? ['**More from your résumé**', ...moreHighlights.slice(0, 3).map((h) => `- ${h}`), '']
      : []
  return { gist: `${now}${skills}`, points, detail: [...detail, ...advice(entry)] }
}

function motivation(entry: KbEntry, facts: ResumeFacts, context: InterviewContext): AnswerShape {
  const applyingFor = role(context)
  const target = applyingFor ?? '[this role]'
  const current = facts.positions[0]
  const evidence = closest([...facts.achievements, ...facts.projects], context.jobDescription ?? target)
  const overlap = jobSkills(facts, context)
  const points = [
    '**What draws you:** [something specific about the company: its product, a recent launch, its problem space]',
    `**What you bring:** ${evidence ?? '[a result from your current work that matches their challenges]'}.`,
  ]
  if (overlap.length > 0) points.push(`**The match:** the job asks for ${humanList(overlap)}, which I use every day.`)
  return {
    // Named as the role applied for, so it is never read as the candidate's current title.
    gist: `${applyingFor !== null ? `The ${applyingFor} role` : 'This role'} builds on what I do now${current ? ` as ${current.title} at ${current.employer}` : ''}.`,
    points,
    detail: ['- **Fit:** how you would contribute quickly and what you want to learn there.', '', ...advice(entry)],
  }
}

/** The same answers without a résumé: the structure, with placeholders where the facts belong. */
function placeholders(entry: KbEntry, context: InterviewContext): AnswerShape {
  const target = role(context) ?? '[this role]'
  const points =
    entry.id === 'beh-tell-me-about-yourself'
      ? [
          '**Now:** I am a [your current role] at [your current employer], working mostly on [your main skills].',
          '**Before:** [your previous role and what you learnt there]',
          '**Achievements:** [two achievements that match the job description, with numbers]',
          `**Next:** why ${target} is your next step: [what draws you to it]`,
        ]
      : entry.id === 'beh-why-company'
        ? [
            '**What draws you:** [something specific about the company: its product, a recent launch, its problem space]',
            '**What you bring:** [a result from your current work that matches their challenges]',
            `**Fit:** how you would contribute quickly in ${target} and what you want to learn there`,
          ]
        : [
            '**Situation:** [the project, where you worked, and why it mattered]',
            '**Task:** [what you personally owned]',
            '**Action:** [the steps you took, the hard technical part]',
            '**Result:** [the measurable result, and why you are proud of it]',
          ]
  return {
    gist: entryGist(entry),
    points,
    detail: ['**Key points to mention**', ...entry.keyPoints.map((p) => `- ${p}`)],
  }
}

/** A behavioural story from the résumé, with the entry's advice as detail. */
function story(entry: KbEntry, facts: ResumeFacts, question: string): AnswerShape {
  const told = resumeStory(facts, question, {
    about: entry.question,
    projectsFirst: entry.id === 'beh-proudest-project',
  })
  return { ...told, detail: joinBlocks(told.detail, advice(entry)) }
}

/**
 * An answer built from the candidate's own résumé for questions about them ("tell me about
 * yourself", "why this role", their proudest project, behavioural stories), so that it never
 * carries the knowledge base's example persona. Null when the entry is not about the candidate,
 * or (for behavioural stories) when there is no résumé to draw on.
 */
export function groundedAnswer(
  entry: KbEntry,
  context: InterviewContext | undefined,
  question: string,
): AnswerShape | null {
  const personal = PERSONAL_ENTRIES.has(entry.id)
  if (!personal && (entry.category !== 'behavioural' || !asksForStory(entry.question))) return null
  const facts = readResume(context?.resume)
  const ctx = context ?? {}
  if (facts === null) return personal ? placeholders(entry, ctx) : null
  if (entry.id === 'beh-tell-me-about-yourself') return introduction(entry, facts, ctx)
  if (entry.id === 'beh-why-company') return motivation(entry, facts, ctx)
  return story(entry, facts, question)
}
