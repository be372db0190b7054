import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { hindiWords } from './text/hindi-function-words.ts'
import { englishStopWords } from './text/stop-words.ts'
import { rawWords } from './text/tokenize.ts'
import { singular } from './text/singular.ts'

/**
 * Whether a word is romanised Hindi grammar (a question word, a postposition, any verb's form): the
 * register and the Hindi reading look at a question's nouns, so a content verb ("chhodi",
 * "badlega") is left out here as a light one is, though the search reads it as its English word.
 */
export const isHindiFunctionWord = (word: string): boolean => hindiWords.has(word)

/** Whether a word makes a question Hindi: a Hindi word that is no English one ("hi" alone does not). */
const marksHindi = (word: string): boolean => hindiWords.has(word) && !englishStopWords.has(word)

/**
 * Words of a time in someone's life: "pichle saal", "2023 mein", "do saal ka", "gap ke time".
 * "Do" (two) and "time" are English words too, read as a time only in a question already Hindi.
 */
const TIME_WORDS: ReadonlySet<string> = new Set([
  ...['pichle', 'pichla', 'agle', 'saal', 'sal', 'mahine', 'mahina', 'mahino', 'din', 'hafte', 'baad', 'pehle'],
  ...['dauran', 'samay', 'time', 'ek', 'do', 'teen', 'char', 'chhe'],
])

/** Hindi words of the job itself, which every entry on its terms and history is about, when said with a time. */
const JOB_WORDS: ReadonlySet<string> = new Set(['kaam', 'naukri', 'job'])

/**
 * "Gap kya hai?", "bond kya hota hai?", "probation ka matlab": what the word means; "shift kaise
 * hota hai?", "transition kab hota hai?": how or when the thing happens. Asked of anyone.
 */
const ASKS_WHAT_IT_IS =
  /\bkya (hai|hain)\b|\b(kya|kaise|kab)\b(\s+\w+)?\s+(hota|hoti|hote)\b|\bmatlab\b|\bsamjha\w*|\bkise kehte\b|\bmeaning\b/i

let otherFieldsWords: ReadonlySet<string> | undefined
/**
 * The words entries not on the job (not tagged "hr") name in their questions and tags: "drive",
 * "manager", "career". Said alone such a word may be anyone's ("drive kab hai?"); "probation",
 * "bond" or "hike" are only ever the job's.
 */
const namedByOtherFields = (word: string): boolean => {
  otherFieldsWords ??= new Set(
    knowledgeBase
      .filter((entry) => !entry.tags.includes('hr'))
      .flatMap((entry) => [entry.question, ...entry.tags].flatMap((text) => rawWords(text)))
      .map(singular),
  )
  return otherFieldsWords.has(singular(word))
}

/**
 * Whether the question names a word of the subject (an entry's own words) that only the job's
 * entries name: "probation", "bond", "appraisal", not "switch", "health" or "feedback".
 */
export const namesTheJobsOwnSubject = (question: string, subject: readonly string[]): boolean => {
  const subjectWords = new Set(subject.flatMap((phrase) => rawWords(phrase)).map(singular))
  return rawWords(question).some((word) => subjectWords.has(singular(word)) && !namedByOtherFields(word))
}

/**
 * Whether a question in Hindi names nothing but the given subject (an entry's own words) and a
 * time: "Pichle saal gap kyun tha?", "Probation kitne mahine ka hai?". Hindi leaves out the
 * person a question is put to, so such a question is put to whoever is asked. A word of another
 * subject ("Pichle saal data mein gap kyun tha?") or asking what the subject is or how it happens
 * ("Gap kya hai?", "Shift kaise hota hai?") makes it another field's. Without a time the subject
 * must be a word only the job's entries name: "drive kab hai?" may be anyone's drive.
 */
export function asksInHindiOfNothingBut(question: string, subject: readonly string[]): boolean {
  const words = rawWords(question)
  const isHindi = words.some(marksHindi)
  if (!isHindi || ASKS_WHAT_IT_IS.test(question)) return false
  const subjectWords = new Set(subject.flatMap((phrase) => rawWords(phrase)).map(singular))
  const isTime = (word: string) => TIME_WORDS.has(word) || /^\d+$/.test(word)
  const named = words.filter((word) => !isHindiFunctionWord(word) && !isTime(word))
  // The job alone is anything's working ("kaam kyun nahi kar raha?"); in a time of one's life it is one's own.
  const aboutTheSubject =
    words.some(isTime) || named.some((word) => subjectWords.has(singular(word)) && !namedByOtherFields(word))
  return (
    aboutTheSubject &&
    named.length > 0 &&
    named.every((word) => JOB_WORDS.has(word) || subjectWords.has(singular(word)))
  )
}
