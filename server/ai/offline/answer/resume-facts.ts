import { hasText } from '#server/ai/offline/has-text.ts'

/** One position on a résumé, as written there. */
export type Position = { title: string; employer: string; period: string }

/** What a résumé says about its owner, read line by line; every field holds only the résumé's own words. */
export type ResumeFacts = {
  positions: Position[]
  skills: string[]
  projects: string[]
  achievements: string[]
  /** The position each achievement was listed under; achievements outside any position are absent. */
  positionOf: Map<string, Position>
  years: number | null
}

const YEAR_RANGE =
  /\(?\s*((?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)\d{2}\s*(?:-|–|—|to)\s*(?:(?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)\d{2}|present|now|current|today))\s*\)?/i
const TITLE_WORDS =
  /\b(engineer|developer|programmer|manager|lead|intern|analyst|designer|scientist|architect|consultant|head|director|officer|administrator|specialist|founder|tester|devops|sre|cto|vp|sde|sdet|swe)\b/i
const BULLET = /^\s*(?:[-•*▪‣◦]|\d+[.)])\s+/
const HEADING = /^\s*#*\s*([A-Za-z &]+?)\s*:?\s*$/
const SKILLS_LINE = /^\s*(?:technical\s+)?skills?\s*(?:&\s*tools)?\s*[:\-–]\s*(.+)$/i
export const ACHIEVEMENT_VERB =
  /\b(built|led|launched|designed|created|shipped|cut|reduced|improved|increased|migrated|introduced|delivered|developed|implemented|scaled|automated|owned|wrote|grew|saved|founded|mentored|resolved|handled|negotiated|coordinated|organi[sz]ed|managed|drove|trained|coached|fixed|won|initiated|proposed|convinced|streamlined|optimi[sz]ed|established|redesigned|rebuilt|refactored)\b/i
const MAX_ITEMS = 6

function clean(text: string): string {
  return text
    .replace(BULLET, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s.;,]+$/, '')
    .trim()
}

/** "Senior Engineer at Acme", "Senior Engineer, Acme", "Acme | Senior Engineer" → title and employer. */
function readPosition(line: string): Position | null {
  const range = YEAR_RANGE.exec(line)
  if (range === null) return null
  const rest = clean(line.replace(range[0], ' ').replace(/\(\s*\)/g, ''))
  const atSplit = /^(.+?)\s+(?:at|@)\s+(.+)$/i.exec(rest)
  const parts = atSplit
    ? [atSplit[1] ?? '', atSplit[2] ?? '']
    : rest
        .split(/\s*(?:,|\||\s-\s|\s–\s|\s—\s)\s*/)
        .map((part) => part.trim())
        .filter((part) => part !== '')
  if (parts.length < 2) return null
  const titleIndex = parts.findIndex((part) => TITLE_WORDS.test(part))
  const title = parts[titleIndex === -1 ? 0 : titleIndex] ?? ''
  const employer = parts.find((part, index) => index !== (titleIndex === -1 ? 0 : titleIndex)) ?? ''
  if (title === '' || employer === '') return null
  return { title: clean(title), employer: clean(employer), period: (range[1] ?? '').replace(/\s+/g, ' ') }
}

function totalYears(resume: string): number | null {
  const match = /(\d{1,2})\+?\s*(?:years|yrs)\b/i.exec(resume)
  const years = match ? Number(match[1]) : Number.NaN
  return Number.isFinite(years) && years > 0 && years < 50 ? years : null
}

/** Reads a plain-text résumé: positions (lines with a year range), skills, projects and achievements. */
export function readResume(resume: string | undefined): ResumeFacts | null {
  if (!hasText(resume)) return null
  const facts: ResumeFacts = {
    positions: [],
    skills: [],
    projects: [],
    achievements: [],
    positionOf: new Map(),
    years: totalYears(resume),
  }
  let section = ''
  let current: Position | null = null
  for (const raw of resume.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '') continue
    const skills = SKILLS_LINE.exec(line)
    if (skills) {
      facts.skills.push(
        ...(skills[1] ?? '')
          .split(/\s*[,|;•·]\s*/)
          .map(clean)
          .filter((skill) => skill !== ''),
      )
      section = ''
      continue
    }
    const heading = HEADING.exec(line)
    if (heading && !BULLET.test(line) && line.split(/\s+/).length <= 3) {
      section = (heading[1] ?? '').toLowerCase()
      current = null
      continue
    }
    const position = readPosition(line)
    if (position) {
      facts.positions.push(position)
      current = position
      continue
    }
    const text = clean(line)
    if (section.includes('project')) facts.projects.push(text)
    else if (section.includes('skill'))
      facts.skills.push(...text.split(/\s*[,|;•·]\s*/).filter((skill) => skill !== ''))
    else if (BULLET.test(line) || ACHIEVEMENT_VERB.test(line)) {
      if (ACHIEVEMENT_VERB.test(line) || /\d/.test(line)) {
        facts.achievements.push(text)
        if (current !== null) facts.positionOf.set(text, current)
      }
    }
  }
  facts.skills = [...new Set(facts.skills)].slice(0, 12)
  facts.projects = facts.projects.slice(0, MAX_ITEMS)
  facts.achievements = facts.achievements.slice(0, MAX_ITEMS * 2)
  const empty = facts.positions.length + facts.skills.length + facts.projects.length + facts.achievements.length === 0
  return empty ? null : facts
}
