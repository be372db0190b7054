/**
 * Porter (1980) suffix-stripping stemmer, as described in M. F. Porter,
 * "An algorithm for suffix stripping". Only lowercase a–z words are expected.
 */

function isConsonant(word: string, i: number): boolean {
  const c = word[i]
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1)
  return true
}

/** m in [C](VC)^m[V] for the whole of `stem`. */
function measure(stem: string): number {
  let m = 0
  let i = 0
  const n = stem.length
  while (i < n && isConsonant(stem, i)) i++
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++
    if (i >= n) break
    while (i < n && isConsonant(stem, i)) i++
    m++
  }
  return m
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true
  return false
}

function endsWithDoubleConsonant(stem: string): boolean {
  const n = stem.length
  return n >= 2 && stem[n - 1] === stem[n - 2] && isConsonant(stem, n - 1)
}

/** *o: stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(stem: string): boolean {
  const n = stem.length
  if (n < 3) return false
  if (!isConsonant(stem, n - 1) || isConsonant(stem, n - 2) || !isConsonant(stem, n - 3)) return false
  const last = stem[n - 1]
  return last !== 'w' && last !== 'x' && last !== 'y'
}

type Rule = readonly [suffix: string, replacement: string]

/** Applies the first (longest) rule whose suffix matches, if its stem has measure > minMeasure. */
function applyRules(word: string, rules: readonly Rule[], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length)
      return measure(stem) > minMeasure ? stem + replacement : word
    }
  }
  return word
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2)
  if (w.endsWith('ies')) return w.slice(0, -2)
  if (w.endsWith('ss')) return w
  if (w.endsWith('s')) return w.slice(0, -1)
  return w
}

function step1b(w: string): string {
  if (w.endsWith('eed')) {
    const stem = w.slice(0, -3)
    return measure(stem) > 0 ? w.slice(0, -1) : w
  }
  let stem: string | null = null
  if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) stem = w.slice(0, -2)
  else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) stem = w.slice(0, -3)
  if (stem === null) return w
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e'
  if (endsWithDoubleConsonant(stem)) {
    const last = stem[stem.length - 1]
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1)
  }
  if (measure(stem) === 1 && endsCvc(stem)) return stem + 'e'
  return stem
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? w.slice(0, -1) + 'i' : w
}

const byLongestSuffix = (rules: Rule[]): readonly Rule[] => [...rules].sort((a, b) => b[0].length - a[0].length)

const step2Rules = byLongestSuffix([
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
])

const step3Rules = byLongestSuffix([
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
])

const step4Suffixes = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
].sort((a, b) => b.length - a.length)

function step4(w: string): string {
  for (const suffix of step4Suffixes) {
    if (!w.endsWith(suffix)) continue
    const stem = w.slice(0, w.length - suffix.length)
    if (measure(stem) <= 1) return w
    if (suffix === 'ion' && !(stem.endsWith('s') || stem.endsWith('t'))) return w
    return stem
  }
  return w
}

function step5(w: string): string {
  let word = w
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1)
    const m = measure(stem)
    if (m > 1 || (m === 1 && !endsCvc(stem))) word = stem
  }
  if (word.endsWith('ll') && measure(word) > 1) word = word.slice(0, -1)
  return word
}

export function porterStem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word
  let w = step1a(word)
  w = step1b(w)
  w = step1c(w)
  w = applyRules(w, step2Rules, 0)
  w = applyRules(w, step3Rules, 0)
  w = step4(w)
  return step5(w)
}
