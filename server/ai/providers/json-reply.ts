/**
 * Reads a JSON object out of a model's plain-text reply. Many OpenAI-compatible servers lack a
 * JSON-schema mode, and small models wrap JSON in prose or code fences, so the reply is searched
 * rather than parsed whole.
 */
import type { z } from 'zod'

export type JsonReply<T> = { ok: true; value: T } | { ok: false; problem: string }

export function parseJsonReply<T>(text: string, schema: z.ZodType<T>): JsonReply<T> {
  const candidates = jsonCandidates(text)
  if (candidates.length === 0) return { ok: false, problem: 'the reply contains no JSON object' }
  let problem = ''
  for (const candidate of candidates) {
    const checked = schema.safeParse(candidate)
    if (checked.success) return { ok: true, value: checked.data }
    problem = checked.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ')
  }
  return { ok: false, problem: `the JSON does not match the requested shape (${problem})` }
}

/** Every parseable JSON value found: the whole text, fenced blocks, then each balanced {...}/[...]. */
function jsonCandidates(text: string): unknown[] {
  const found: unknown[] = []
  const tryParse = (source: string) => {
    try {
      found.push(JSON.parse(source))
      return true
    } catch {
      return false
    }
  }
  if (tryParse(text.trim())) return found
  for (const match of text.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)) tryParse((match[1] ?? '').trim())
  for (let start = 0; start < text.length; start += 1) {
    const char = text[start]
    if (char !== '{' && char !== '[') continue
    const end = matchingBracket(text, start)
    if (end !== -1 && tryParse(text.slice(start, end + 1))) start = end
  }
  return found
}

function matchingBracket(text: string, start: number): number {
  const stack: string[] = []
  let inString = false
  for (let i = start; i < text.length; i += 1) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i += 1
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') inString = true
    else if (char === '{' || char === '[') stack.push(char === '{' ? '}' : ']')
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return -1
      if (stack.length === 0) return i
    }
  }
  return -1
}
