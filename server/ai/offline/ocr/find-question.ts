/**
 * Finds the interview question in text read from a screenshot, which also holds code, menus and
 * window titles. Prose lines are joined back into sentences (OCR breaks them where the screen
 * wrapped), then each sentence is scored on how much it reads like a question.
 */
const questionLabel = /^\s*(?:(?:question|problem|task|exercise|q)\s*#?\s*\d*\s*[:.)-]|\d+\s*[.)])\s*/i
const openers =
  /^(?:what|how|why|when|where|which|who|can|could|would|should|is|are|do|does|did|have|has|explain|describe|design|implement|write|given|find|tell me|walk me|compare|define|discuss|build|create|reverse|return|determine|suppose|imagine)\b/i
const codeLine =
  /[{};=<>]|^\s*(?:def|class|function|const|let|var|import|export|return|if|for|while|public|private|#include)\b|\)\s*:\s*$|^\s{2,}\S/

export type FoundQuestion = { question: string; recognised: boolean }

function isCode(line: string): boolean {
  return codeLine.test(line)
}

/**
 * A wrapped sentence continues on the next line; a capitalised line after a short unfinished one
 * (a menu, a window title) or a line that opens a question starts something new.
 */
function startsNewBlock(line: string, previous: string | undefined): boolean {
  if (previous === undefined) return false
  const text = line.trim()
  if (questionLabel.test(text) || /[.?!]$/.test(previous)) return true
  return /^[A-Z]/.test(text) && (previous.split(/\s+/).length <= 4 || openers.test(text))
}

/** Prose lines joined into paragraphs; code, blank lines and labels end a paragraph. */
function paragraphs(text: string): string[] {
  const result: string[] = []
  let current: string[] = []
  const flush = () => {
    if (current.length > 0) result.push(current.join(' ').replace(/\s+/g, ' ').trim())
    current = []
  }
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || isCode(line)) flush()
    else {
      if (startsNewBlock(line, current.at(-1))) flush()
      current.push(line.trim())
    }
  }
  flush()
  return result
}

function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[?!]|\.(?!\d|[a-z]))\s+(?=[A-Z0-9"“(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
}

function score(sentence: string): number {
  const words = sentence.split(/\s+/).length
  if (words < 3) return 0
  const body = sentence.replace(questionLabel, '')
  let points = 0
  if (/\?\s*$/.test(sentence)) points += 3
  if (questionLabel.test(sentence)) points += 2
  if (openers.test(body)) points += 2
  if (words >= 5 && words <= 60) points += 1
  return points
}

export function findQuestion(text: string): FoundQuestion {
  const candidates = paragraphs(text).flatMap(sentences)
  let best: { sentence: string; points: number } | undefined
  for (const sentence of candidates) {
    const points = score(sentence)
    if (points >= 3 && (!best || points > best.points)) best = { sentence, points }
  }
  if (best) return { question: best.sentence.replace(questionLabel, '').trim(), recognised: true }
  return { question: text.replace(/\s+/g, ' ').trim(), recognised: false }
}
