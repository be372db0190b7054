/**
 * What a behavioural question asks a story about, and the words by which a résumé line shows
 * such a story. A résumé line "Led the migration of 40 services" is a leadership story; it is
 * not a conflict story, however good it is.
 */
type StoryTheme = { name: string; asked: RegExp; shown: RegExp }

const THEMES: readonly StoryTheme[] = [
  {
    name: 'a conflict or disagreement',
    asked:
      /\b(conflicts?|disagree\w*|argument|tension|negotiat\w*|difficult (colleague|coworker|teammate|person|stakeholder)|push(ed)? ?back)\b/i,
    shown: /\b(conflicts?|disagree\w*|align\w*|negotiat\w*|mediat\w*|consensus|convinc\w*|persuad\w*|resolv\w*)\b/i,
  },
  {
    name: 'a failure or mistake',
    asked: /\b(fail\w*|mistakes?|went wrong|setbacks?|regret)\b/i,
    shown: /\b(incidents?|outages?|post-?mortems?|recover\w*|roll(ed)? ?back|root cause|failures?|mistakes?)\b/i,
  },
  {
    name: 'leading or influencing others',
    asked: /\b(lead|led|leadership|leader|without authority|influenc\w*|took charge|initiative)\b/i,
    shown:
      /\b(led|lead|leading|mentor\w*|coordinat\w*|drove|champion\w*|initiated|proposed|organi[sz]ed|owned|founded|convinc\w*)\b/i,
  },
  {
    name: 'a tight deadline',
    asked: /\b(deadlines?|pressure|tight|time crunch|urgent)\b/i,
    shown: /\b(deadlines?|\d+ (weeks?|days?)|on time|ahead of schedule)\b/i,
  },
  {
    name: 'improving something',
    asked: /\b(improv\w*|optimi[sz]\w*|performance|efficien\w*|faster)\b/i,
    shown: /\b(reduc\w*|cut|cutting|improv\w*|faster|latency|increas\w*|sav(ed|ing)|automat\w*|optimi[sz]\w*)\b/i,
  },
  {
    name: 'customers or users',
    asked: /\b(customers?|clients?|end users?)\b/i,
    shown: /\b(customers?|clients?|users?|merchants?)\b/i,
  },
  {
    name: 'helping others grow',
    asked: /\b(mentor\w*|coach\w*|junior|teach\w*|onboard\w*)\b/i,
    shown: /\b(mentor\w*|coach\w*|train\w*|onboard\w*|taught|juniors?)\b/i,
  },
  {
    name: 'learning something new',
    asked:
      /\b(learn\w* (a |something )?new|learn\w* \w+ quickly|pick(ed)? up|new (technology|skill|language|tool|domain)|unfamiliar)\b/i,
    shown: /\b(learn\w*|adopt\w*|introduc\w*|first)\b/i,
  },
]

/** The themes a question (and the matched entry's tags) ask about; empty when it names none. */
export function askedThemes(text: string): StoryTheme[] {
  return THEMES.filter((theme) => theme.asked.test(text))
}

/** How many of the asked themes a résumé line shows. */
export function themeScore(line: string, themes: readonly StoryTheme[]): number {
  return themes.filter((theme) => theme.shown.test(line)).length
}

export type { StoryTheme }
