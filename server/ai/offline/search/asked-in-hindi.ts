import { rawWords } from './text/tokenize.ts'

/**
 * Romanised Hindi words that name nothing: question words, copulas, postpositions, verb forms and
 * particles. Only the unambiguous ones, never an English word ("to", "me", "the"), so that a
 * question with one of them is Hindi.
 */
const HINDI_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...['kya', 'kyun', 'kyu', 'kaise', 'kitna', 'kitne', 'kitni', 'kab', 'kahan', 'kaun', 'kaunsa', 'kaunsi'],
  ...['hai', 'hain', 'tha', 'thi', 'hota', 'hoti', 'hote', 'hoga', 'hogi', 'ho', 'hua', 'hui', 'hue'],
  ...['mein', 'mai', 'ka', 'ki', 'ke', 'ko', 'se', 'ne', 'pe', 'tak', 'liye', 'wala', 'wali', 'wale'],
  ...['nahi', 'nahin', 'mat', 'aur', 'ya', 'bhi', 'toh', 'hi', 'koi', 'kuch', 'abhi', 'ab', 'jab', 'tab'],
  ...['kar', 'karna', 'karte', 'karti', 'kiya', 'kiye', 'liya', 'diya', 'gaya', 'gaye', 'gayi', 'lena', 'dena'],
  ...['raha', 'rahe', 'rahi', 'sakte', 'sakta', 'sakti', 'paoge', 'karoge', 'chahte', 'chahiye', 'yeh', 'ye'],
])

/** Words of a time in someone's life: "pichle saal", "2023 mein", "do saal ka", "gap ke time". */
const TIME_WORDS: ReadonlySet<string> = new Set([
  ...['pichle', 'pichla', 'agle', 'saal', 'sal', 'mahine', 'mahina', 'mahino', 'din', 'hafte', 'baad', 'pehle'],
  ...['dauran', 'samay', 'time', 'ek', 'do', 'teen', 'char', 'chhe'],
])

/** Hindi words of the job itself, which every entry on its terms and history is about, when said with a time. */
const JOB_WORDS: ReadonlySet<string> = new Set(['kaam', 'naukri', 'job'])

/** "Gap kya hai?", "bond kya hota hai?", "probation ka matlab": what the word means, asked of anyone. */
const ASKS_WHAT_IT_IS = /\bkya (hai|hain|hota|hoti|hote)\b|\bmatlab\b|\bsamjha\w*|\bkise kehte\b|\bmeaning\b/i

/** A word as the entry's subject words are compared: "shifts" is the tag "shift". */
const singular = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word)

/**
 * Whether a question in Hindi names nothing but the given subject (an entry's own words) and a
 * time: "Pichle saal gap kyun tha?", "Probation kitne mahine ka hai?". Hindi leaves out the
 * person a question is put to, so such a question is put to whoever is asked. A word of another
 * subject ("Pichle saal data mein gap kyun tha?") or asking what the subject is ("Gap kya hai?")
 * makes it another field's.
 */
export function asksInHindiOfNothingBut(question: string, subject: readonly string[]): boolean {
  const words = rawWords(question)
  if (!words.some((word) => HINDI_FUNCTION_WORDS.has(word)) || ASKS_WHAT_IT_IS.test(question)) return false
  const subjectWords = new Set(subject.flatMap((phrase) => rawWords(phrase)).map(singular))
  const isTime = (word: string) => TIME_WORDS.has(word) || /^\d+$/.test(word)
  const named = words.filter((word) => !HINDI_FUNCTION_WORDS.has(word) && !isTime(word))
  // The job alone is anything's working ("kaam kyun nahi kar raha?"); in a time of one's life it is one's own.
  const aboutTheSubject = named.some((word) => subjectWords.has(singular(word))) || words.some(isTime)
  return (
    aboutTheSubject &&
    named.length > 0 &&
    named.every((word) => JOB_WORDS.has(word) || subjectWords.has(singular(word)))
  )
}
