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
  return { asked, field }
}
