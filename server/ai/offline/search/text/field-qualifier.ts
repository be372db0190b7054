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
 * The phrases that put a field after what is asked. Their own words ("context", "respect") name
 * nothing the question asks about.
 */
const qualifierPhrases = ['in the context of(?: the)?', 'with respect to(?: the)?', 'w\\.?r\\.?t\\.?', 'in']

const fieldPattern = fieldNames.map((name) => name.replace(/ /g, '[\\s-]+')).join('|')
const trailingField = new RegExp(
  `^(.*\\S)\\s+(?:${qualifierPhrases.join('|')})\\s+((?:${fieldPattern})s?)\\s*[?.!]*\\s*$`,
  'i',
)

/**
 * Splits a question into what is asked and the field it names at its end as where the concept
 * lives ("what is a queue" and "data structures"); `field` is empty when there is none. The field
 * then tells the fields' entries from one another but does not name what is asked: "data
 * structure" is rarer than "queue", and as a key term it cut the queue's own entry as a
 * neighbour. Only a field right after the qualifying phrase at the end counts: in "a database
 * split across machines" the database is what is asked about, and "in a database" is where
 * something is put.
 */
export function splitFieldQualifier(question: string): { asked: string; field: string } {
  const match = trailingField.exec(question)
  const asked = match?.[1]
  const field = match?.[2]
  if (asked === undefined || field === undefined) return { asked: question, field: '' }
  if (ownPathBefore.test(asked)) return { asked: question, field: '' }
  return { asked, field }
}

/**
 * "Your experience in Java", "worked in Python": the field is the candidate's own path, and with
 * it what is asked, not where a concept lives.
 */
const ownPathBefore =
  /\b(?:experience|experienced|career|careers|work|worked|working|skill|skills|project|projects|background|expertise)$/i

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
