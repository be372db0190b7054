/**
 * Turns written interview text into the words a speaker says: "O(n log n)" → "o of n log n",
 * "C++" → "c plus plus", "40%" → "forty percent", "node.js" → "node js". Each token keeps its
 * written form so acronyms ("TCP") can be told from words ("tip").
 */
export type SpokenToken = { word: string; written: string }

const ones = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

export function numberWords(value: number): string[] {
  if (!Number.isInteger(value) || value < 0 || value >= 1_000_000) return []
  if (value < 20) return [ones[value] ?? '']
  if (value < 100) {
    const rest = value % 10
    return [tens[Math.floor(value / 10)] ?? '', ...(rest === 0 ? [] : numberWords(rest))]
  }
  if (value < 1000) {
    const rest = value % 100
    return [...numberWords(Math.floor(value / 100)), 'hundred', ...(rest === 0 ? [] : numberWords(rest))]
  }
  const rest = value % 1000
  return [...numberWords(Math.floor(value / 1000)), 'thousand', ...(rest === 0 ? [] : numberWords(rest))]
}

export function spokenTokens(text: string): SpokenToken[] {
  const normalised = text
    .replace(/\bO\(([^)]*)\)/g, ' o of $1 ')
    .replace(/\+\+/g, ' plus plus ')
    .replace(/#(?=\W|$)/g, ' sharp ')
    .replace(/%/g, ' percent ')
    .replace(/&/g, ' and ')
    .replace(/(\d)\.(\d)/g, '$1 point $2')
    .replace(/[-_./\\]/g, ' ')
  const tokens: SpokenToken[] = []
  for (const match of normalised.matchAll(/[A-Za-z]+(?:'[A-Za-z]+)?|\d+/g)) {
    const written = match[0]
    if (/^\d+$/.test(written)) {
      for (const word of numberWords(Number(written))) tokens.push({ word, written: word })
    } else {
      tokens.push({ word: written.toLowerCase(), written })
    }
  }
  return tokens
}
