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
 * deadlock?". "Main" is left out: "Java main method" is English.
 */
const hindiLeadingField = new RegExp(`^\\s*((?:${fieldPattern})s?)\\s+(?:mein|me|mai)\\s+(\\w.*)$`, 'i')

/**
 * Splits a question into what is asked and the field it names, at its end or at its start, as
 * where the concept lives ("what is a queue" and "data structures"); `field` is empty when there
 * is none. The field then tells the fields' entries from one another but does not name what is
 * asked: "data structure" is rarer than "queue", and as a key term it cut the queue's own entry as
 * a neighbour. Only a field right after the qualifying phrase at the end, or one said first and
 * followed by what is asked, counts: in "a database split across machines" the database is what is
 * asked about, "in a database" is where something is put, and "what is Java?" asks about the field.
 */
export function splitFieldQualifier(question: string): { asked: string; field: string } {
  const trailing = trailingField.exec(question)
  if (trailing?.[1] !== undefined && trailing[2] !== undefined) {
    return ownPathBefore.test(trailing[1]) ? { asked: question, field: '' } : { asked: trailing[1], field: trailing[2] }
  }
  const leading = leadingField.exec(question) ?? hindiLeadingField.exec(question)
  const field = leading?.[1]
  const asked = leading?.[2]
  if (field === undefined || asked === undefined || ownPathAsked.test(asked)) return { asked: question, field: '' }
  return { asked, field }
}

/**
 * "Your experience in Java", "worked in Python": the field is the candidate's own path, and with
 * it what is asked, not where a concept lives.
 */
const ownPath = String.raw`(?:experience|experienced|career|careers|work|worked|working|skill|skills|project|projects|background|expertise)`
const ownPathBefore = new RegExp(String.raw`\b${ownPath}$`, 'i')
/**
 * Named first, the field is the candidate's own path when what follows asks about theirs: "In
 * Java, what projects have you built?". Without "you" ("In OS, how does paging work?") it is not.
 */
const ownPathAsked = new RegExp(
  String.raw`\b(?:you|your|yours)\b.*\b${ownPath}\b|\b${ownPath}\b.*\b(?:you|your|yours)\b`,
  'i',
)

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
