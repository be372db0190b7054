/**
 * Hindi–English ("Hinglish") phrasing of common interview questions, as candidates in India type
 * or say them in romanised Hindi. The phrases meet the English concept tokens of synonyms.ts; the
 * Hindi function words are stop words, so that spelling correction never turns them into
 * unrelated English words.
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

/** Romanised Hindi words that carry no topic; the topic words stay English ("hash map", "weakness"). */
export const hinglishStopWords: readonly string[] = [
  'aap',
  'aapka',
  'aapki',
  'aapke',
  'apne',
  'apna',
  'apni',
  'baare',
  'bare',
  'mein',
  'me',
  'kuch',
  'batao',
  'bataiye',
  'bataye',
  'kya',
  'hai',
  'hain',
  'ho',
  'hota',
  'hoti',
  'yeh',
  'ye',
  'woh',
  'kyun',
  'kyu',
  'kaise',
  'karta',
  'karti',
  'karte',
  'karna',
  'chahte',
  'chahti',
  'chahiye',
  'sabse',
  'badi',
  'bada',
  'ka',
  'ki',
  'ke',
  'ko',
  'se',
  'aur',
  'ek',
  'samjhao',
  'samjhaiye',
  'matlab',
  'yahan',
  'hamari',
  'saal',
  'paanch',
  'chhod',
  'rahe',
  'raha',
  'rahi',
  // Pronouns, question words, verb endings and particles of spoken Hindi.
  ...['aapne', 'maine', 'kabhi', 'kisi', 'kiya', 'kiye', 'kaun', 'kaunsa', 'kaunsi', 'kab', 'jab', 'agar'],
  ...['karenge', 'karoge', 'karega', 'karegi', 'karo', 'kar', 'hone', 'hote', 'hua', 'hui', 'chal'],
  ...['aapko', 'hamare', 'hamara', 'humein', 'hume', 'uski', 'uska', 'uske', 'unka', 'unki', 'pichle', 'pichla'],
  // "Pata" is knowing, a stop word in English too.
  ...['pata', 'tha', 'thi', 'hoga', 'hogi', 'jayega', 'jayegi', 'aisa', 'aise', 'diya', 'liya', 'gaya', 'gayi'],
  ...['liye', 'andar', 'par', 'toh', 'to', 'bhi', 'hi', 'tak', 'nahi', 'nahin', 'bahut', 'phir', 'wala', 'wali'],
]
