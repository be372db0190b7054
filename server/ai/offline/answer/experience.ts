import type { QuestionType } from './classify.ts'
import { readResume } from './resume-facts.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { hasText } from '#server/ai/offline/has-text.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

const MAX_SKILLS = 3

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Tags of the entry that the text mentions, in the text's own spelling ("PostgreSQL", "Redux"). */
function mentionedSkills(text: string | undefined, candidates: readonly string[]): string[] {
  if (!hasText(text)) return []
  const found: string[] = []
  const seen = new Set<string>()
  for (const candidate of candidates) {
    if (candidate.length < 2) continue
    const match = new RegExp(`(?<![\\w.+#-])${escapeRegExp(candidate)}(?![\\w+#])`, 'i').exec(text)
    if (!match) continue
    const key = match[0].toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    found.push(match[0])
    if (found.length >= MAX_SKILLS) break
  }
  return found
}

function cleanRole(role: string | undefined): string | null {
  if (!hasText(role)) return null
  const cleaned = role
    .replace(/\s+/g, ' ')
    .replace(/[.,;:!]+$/, '')
    .trim()
  return cleaned === '' ? null : cleaned.slice(0, 80)
}

function yearsOfExperience(resume: string | undefined): number | null {
  if (!hasText(resume)) return null
  const match = /(\d{1,2})\+?\s*(?:years|yrs)\b/i.exec(resume)
  const years = match ? Number(match[1]) : Number.NaN
  return Number.isFinite(years) && years > 0 && years < 50 ? years : null
}

function humanList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`
}

/**
 * One line that ties the model answer to the candidate: their role, years and the skills from
 * their résumé (or the job description) that this question is about. Null without a role or résumé.
 */
export function experienceTieIn(
  entry: KbEntry | null,
  context: InterviewContext | undefined,
  type: QuestionType,
): string | null {
  if (!context) return null
  const role = cleanRole(context.role)
  const hasResume = hasText(context.resume)
  const candidates = entry ? [...entry.tags] : []
  const resumeSkills = mentionedSkills(context.resume, candidates)
  const jobSkills = mentionedSkills(context.jobDescription, candidates).filter(
    (skill) => !resumeSkills.some((s) => s.toLowerCase() === skill.toLowerCase()),
  )
  if (role === null && !hasResume && jobSkills.length === 0) return null

  const years = yearsOfExperience(context.resume)
  // The context's role is the one applied for; the candidate's own title comes from the résumé.
  const current = readResume(context.resume)?.positions[0]?.title
  const who = current !== undefined ? `In your role as ${current}` : 'From your own experience'
  const tenure = years !== null ? ` (${years} years)` : ''
  const parts: string[] = []
  if (type === 'behavioural') {
    const about = resumeSkills.length > 0 ? `, ideally one involving ${humanList(resumeSkills)}` : ''
    parts.push(
      `${who}${tenure}, pick a real story you can tell in two minutes${about}, and make the Result measurable.`,
    )
  } else {
    const example = resumeSkills.length > 0 ? `, for instance where you used ${humanList(resumeSkills)}` : ''
    parts.push(
      `${who}${tenure}, follow this with a short example from your own work${example}: what you built, the trade-off you chose, and the result.`,
    )
  }
  if (jobSkills.length > 0)
    parts.push(`The job description mentions ${humanList(jobSkills)}, so connect your example to it.`)
  else if (role !== null) parts.push(`Connect it to what the ${role} role you are applying for needs.`)
  return parts.join(' ')
}
