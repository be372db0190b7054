/**
 * Hindi–English ("Hinglish") phrasing of common interview questions, as candidates in India type
 * or say them in romanised Hindi. The phrases meet the English concept tokens of synonyms.ts; the
 * Hindi function words are stop words (`hindi-function-words.ts`), so that spelling correction
 * never turns them into unrelated English words.
 */
export const hinglishPhrases: readonly (readonly [string, string])[] = [
  ['apne baare mein', 'self_intro'],
  ['apne baare me', 'self_intro'],
  ['apne bare mein', 'self_intro'],
  ['apna introduction', 'self_intro'],
  ['sabse badi weakness', 'weakness'],
  ['sabse badi kamzori', 'weakness'],
  ['yeh job kyun', 'why_company'],
  ['ye job kyun', 'why_company'],
  ['yahan kaam kyun', 'why_company'],
  ['hamari company', 'why_company'],
  // "Hamare baare mein" is "about us": about the company.
  ['hamare baare', 'company'],
  ['hamare bare', 'company'],
  ['job kyun chhod', 'why_leaving'],
  ['job kyu chhod', 'why_leaving'],
  ['paanch saal', 'career_goals'],
  ['5 saal', 'career_goals'],
]

/** Romanised Hindi words that carry a topic, with the English word the knowledge base uses. */
export const hinglishWords: readonly (readonly [string, readonly string[]])[] = [
  ['kaam', ['work']],
  ['naukri', ['job']],
  ['kamzori', ['weakness']],
  ['galti', ['mistake']],
  ['jhagda', ['conflict']],
  ...['wajah', 'vajah', 'karan'].map((w) => [w, ['reason']] as const),
  // "Difference" is spelt as it is said: fark, farak, farq, or the formal antar.
  ...['fark', 'farak', 'farq', 'antar', 'alag'].map((w) => [w, ['difference']] as const),
]
