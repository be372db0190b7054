import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/** Splits prose into sentences without breaking "Node.js", "O(n)." or decimals. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

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

/**
 * Markdown for a matched entry: a one-line direct answer, the explanation (STAR steps as a list
 * for behavioural answers), the key points, and optionally a line about the candidate.
 */
export function formatMatchedAnswer(entry: KbEntry, tieIn: string | null): string {
  const lines: string[] = []
  const star = starSections(entry.answer)
  if (star !== null) {
    const [direct = '', ...restOfIntro] = splitSentences(star.intro)
    lines.push(`**In short:** ${direct}`)
    if (restOfIntro.length > 0) lines.push('', restOfIntro.join(' '))
    lines.push('', '**How to structure it (STAR)**')
    for (const [label, text] of star.sections) lines.push(`- **${label}:** ${text}`)
  } else {
    const [direct = entry.answer, ...rest] = splitSentences(entry.answer)
    lines.push(`**In short:** ${direct}`)
    if (rest.length > 0) lines.push('', rest.join(' '))
  }
  lines.push('', '**Key points to mention**', ...entry.keyPoints.map((point) => `- ${point}`))
  if (tieIn !== null) lines.push('', `**Tie it to your experience:** ${tieIn}`)
  return lines.join('\n')
}
