/**
 * Fields of study, and the languages and platforms, that a concept is asked "in": "what is a
 * queue in data structures", "what is a closure in JavaScript". Written as they are said; a
 * trailing "s" is optional on each.
 */
const fieldNames = [
  'data structure',
  'DSA',
  'algorithm',
  'database',
  'DBMS',
  'RDBMS',
  'database management system',
  'SQL',
  'operating system',
  'OS',
  'computer network',
  'networking',
  'network',
  'computer science',
  'CS',
  'programming',
  'software engineering',
  'OOP',
  'object oriented programming',
  'object-oriented programming',
  'system design',
  'distributed system',
  'machine learning',
  'ML',
  'deep learning',
  'data science',
  'statistic',
  'web development',
  'JavaScript',
  'JS',
  'TypeScript',
  'Java',
  'Python',
  'C\\+\\+',
  'C#',
  'Kotlin',
  'Swift',
  'React',
  'React Native',
  'Node',
  'Node\\.js',
  'Android',
  'iOS',
  'DevOps',
  'cloud computing',
  'cryptography',
]

/**
 * The phrases that put a field after what is asked, or before it. Their own words ("context",
 * "respect") name nothing the question asks about.
 */
const qualifierPhrases = ['in the context of(?: the)?', 'with respect to(?: the)?', 'w\\.?r\\.?t\\.?', 'in']
/** Named first, a field is also what a question is "for": "For React, what does useMemo do?". */
const leadingQualifierPhrases = [...qualifierPhrases, 'for']

// The longest name first: "React Native" before "React", where a question runs on after it.
const fieldPattern = [...fieldNames]
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/ /g, '[\\s-]+'))
  .join('|')
const trailingField = new RegExp(
  `^(.*\\S)\\s+(?:${qualifierPhrases.join('|')})\\s+((?:${fieldPattern})s?)\\s*[?.!]*\\s*$`,
  'i',
)

/**
 * The words a question starts with: said without a comma ("in data structures what is a trie"),
 * a field named first is a qualifier only when a question follows it. Otherwise the field may be
 * what the sentence is about ("in Java developers often use Spring").
 */
const questionStart =
  "what|what's|whats|why|how|when|where|which|who|explain|describe|define|tell|is|are|does|do|can|could|should|would|will|write|give|list|name|compare|differentiate|implement"
const leadingField = new RegExp(
  `^\\s*(?:${leadingQualifierPhrases.join('|')})\\s+((?:${fieldPattern})s?)(?:\\s*[,:;\u2013\u2014-]\\s*|\\s+(?=(?:${questionStart})\\b))(\\w.*)$`,
  'i',
)
/**
 * Hinglish puts the postposition after the field: "OS mein deadlock kya hai?" is "in OS, what is a
 * deadlock?", and "Java ke andar" is "inside Java". "Main" is left out: "Java main method" is English.
 */
const hindiPostposition = String.raw`(?:mein|me|mai|ke\s+andar)`
const hindiLeadingField = new RegExp(`^\\s*((?:${fieldPattern})s?)\\s+${hindiPostposition}\\s+(\\w.*)$`, 'i')
/**
 * Said inside the question, the field is followed by its postposition ("closure JS mein kya hai",
 * "deadlock kya hai OS mein?") or, in English, follows "in" and ends a clause: a comma, a new
 * sentence, or "and" ("what is hoisting in JavaScript, and why does it happen?"). In English a
 * field that runs on into the clause may be part of a name ("in network partitions"), so it is
 * left whole.
 */
const hindiInnerField = new RegExp(
  `^(.*?\\w)\\s+((?:${fieldPattern})s?)\\s+${hindiPostposition}(?![\\w-])(\\s*)(.*)$`,
  'i',
)
const innerField = new RegExp(
  `^(.*\\S)\\s+(?:${qualifierPhrases.join('|')})\\s+((?:${fieldPattern})s?)(\\s*[,;:\u2013\u2014]\\s*|\\s*[?.!]\\s+|\\s+(?=and\\b))(\\w.*)$`,
  'i',
)
/**
 * Before a field said inside, "aur", "and", "or" or "vs" make it the second thing compared ("Java aur
 * Python mein kya fark hai" is between the two), and a determiner or a genitive makes it a thing
 * ("linked list ke node mein", "har node mein").
 */
const notAFieldAfter =
  /(?:^|\s)(?:aur|and|or|ya|vs|versus|&|ka|ke|ki|har|is|us|iss|uss|kis|jis|ek|a|an|the|this|that|each|every)$/i

/**
 * Splits a question into what is asked and the field it names, at its end, at its start or inside
 * it, as where the concept lives ("what is a queue" and "data structures"); `field` is empty when
 * there is none. The field then tells the fields' entries from one another but does not name what
 * is asked: "data structure" is rarer than "queue", and as a key term it cut the queue's own entry
 * as a neighbour. Only a field right after the qualifying phrase at the end, one said first and
 * followed by what is asked, or one said inside as `hindiInnerField` and `innerField` describe,
 * counts: in "a database split across machines" the database is what is asked about, "in a
 * database" is where something is put, and "what is Java?" asks about the field.
 */
export function splitFieldQualifier(question: string): { asked: string; field: string } {
  const trailing = trailingField.exec(question)
  if (trailing?.[1] !== undefined && trailing[2] !== undefined) {
    return endsWithOwnPath(trailing[1]) ? { asked: question, field: '' } : { asked: trailing[1], field: trailing[2] }
  }
  const leading = leadingField.exec(question) ?? hindiLeadingField.exec(question)
  if (leading?.[1] !== undefined && leading[2] !== undefined) {
    return ownPathAsked.test(leading[2]) ? { asked: question, field: '' } : { asked: leading[2], field: leading[1] }
  }
  return splitInnerField(question)
}

/** A field said inside the question (`hindiInnerField`, `innerField`), or none. */
function splitInnerField(question: string): { asked: string; field: string } {
  const inner = hindiInnerField.exec(question) ?? innerField.exec(question)
  const [, before, field, between, after] = inner ?? []
  if (before === undefined || field === undefined || between === undefined || after === undefined) {
    return { asked: question, field: '' }
  }
  // The words on either side close up: "closure JS mein kya hai" asks "closure kya hai".
  const asked = `${before}${between}${after}`
  if (notAFieldAfter.test(before) || endsWithOwnPath(before) || ownPathAsked.test(asked)) {
    return { asked: question, field: '' }
  }
  return { asked, field }
}

/**
 * "Your experience in Java", "worked in Python": the field is the candidate's own path, and with
 * it what is asked, not where a concept lives.
 */
const ownPath = String.raw`(?:experience|experienced|career|careers|work|worked|working|kaam|skill|skills|project|projects|background|expertise)`
const ownPathBefore = new RegExp(String.raw`\b${ownPath}$`, 'i')
/** "How does garbage collection work in Java": the work of a thing asked about, no one's own. */
const thingWorks = /\b(?:does|do|did|will|would|can|could|should)\b(?!.*\b(?:you|your|i|my|we|our)\b).*\bwork$/i
const endsWithOwnPath = (before: string): boolean => ownPathBefore.test(before) && !thingWorks.test(before)
/**
 * Named first, the field is the candidate's own path when what follows asks about theirs: "In
 * Java, what projects have you built?". Without "you" ("In OS, how does paging work?") it is not.
 */
const you = String.raw`(?:you|your|yours|aap|aapka|aapki|aapke|aapne|aapko|tum|tumhara|tumhari|tumhare|tumne)`
const ownPathAsked = new RegExp(String.raw`\b${you}\b.*\b${ownPath}\b|\b${ownPath}\b.*\b${you}\b`, 'i')

/**
 * The names of one field, said in any of which the field's entries are meant: "deadlock in DBMS"
 * is the database's deadlock as much as "deadlock in SQL" is.
 */
const fieldGroups: readonly (readonly string[])[] = [
  ['database', 'DBMS', 'SQL'],
  ['operating system', 'OS'],
]

/** The field as named, with the other names of its field (`fieldGroups`). */
export function fieldWithItsNames(field: string): string {
  const named = field.toLowerCase().replace(/[\s-]+/g, ' ')
  const group = fieldGroups.find((names) =>
    names.some((name) => {
      const lower = name.toLowerCase()
      return [lower, `${lower}s`, `r${lower}`, `r${lower}s`].includes(named)
    }),
  )
  return group === undefined ? field : [field, ...group].join(' ')
}
