import type { AnswerShape } from './answer-shape.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { entryGist, splitSentences } from '#server/ai/offline/knowledge/spoken-shape.ts'

const STAR_LABEL = /\b(Situation|Task|Action|Result):\s*/g

function starSections(answer: string): { intro: string; sections: [string, string][] } | null {
  const labels = [...answer.matchAll(STAR_LABEL)]
  if (labels.length < 4) return null
  const intro = answer.slice(0, labels[0]?.index ?? 0).trim()
  const sections: [string, string][] = labels.map((label, i) => {
    const start = label.index + label[0].length
    const end = labels[i + 1]?.index ?? answer.length
    return [label[1] ?? '', answer.slice(start, end).trim()]
  })
  return { intro, sections }
}

/** The answer's text after its gist: all of it when the entry has a gist of its own. */
function afterGist(entry: KbEntry, text: string): string {
  return (entry.gist === undefined ? splitSentences(text).slice(1) : [text]).join(' ')
}

/**
 * A matched entry as an answer: the gist, the key points to say, and as detail the explanation
 * (the STAR steps as a list for behavioural answers) and optionally a line about the candidate.
 */
export function matchedAnswerShape(entry: KbEntry, tieIn: string | null): AnswerShape {
  const detail: string[] = []
  const star = starSections(entry.answer)
  if (star !== null) {
    const intro = afterGist(entry, star.intro)
    if (intro !== '') detail.push(intro, '')
    detail.push('**How to structure it (STAR)**')
    for (const [label, text] of star.sections) detail.push(`- **${label}:** ${text}`)
  } else {
    const rest = afterGist(entry, entry.answer)
    if (rest !== '') detail.push(rest)
  }
  if (tieIn !== null) detail.push('', `**Tie it to your experience:** ${tieIn}`)
  return { gist: entryGist(entry), points: entry.keyPoints, detail }
}
