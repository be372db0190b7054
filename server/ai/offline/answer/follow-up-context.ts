import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'

/**
 * Languages, frameworks, databases and platforms: where a thing is done, not a thing asked about.
 * "Same thing in Python?" asks the previous question again in Python; a word that is not one of
 * these ("what about GraphQL?", "and for CSRF?") is a subject of its own. Some have entries of
 * their own (MongoDB, Redis, Kubernetes), so the knowledge base cannot tell; this list does.
 */
const contextNames: readonly string[] = [
  ...['Python', 'Java', 'JavaScript', 'TypeScript', 'C', 'C++', 'C#', 'Go', 'Golang', 'Rust', 'Kotlin', 'Swift'],
  ...['Ruby', 'PHP', 'Scala', 'Dart', 'Perl', 'Haskell', 'Elixir', 'Objective-C', 'Bash', 'shell script'],
  ...['React', 'React Native', 'Angular', 'AngularJS', 'Vue', 'Vue.js', 'Svelte', 'Next.js', 'Nuxt', 'jQuery'],
  ...['Node', 'Node.js', 'Express', 'Express.js', 'NestJS', 'Deno', 'Bun', 'Django', 'Flask', 'FastAPI'],
  ...['Spring', 'Spring Boot', 'Hibernate', 'Rails', 'Ruby on Rails', 'Laravel', '.NET', 'dotnet', 'ASP.NET'],
  ...['Flutter', 'SwiftUI', 'Jetpack Compose', 'Android', 'iOS', 'Linux', 'Unix', 'Windows', 'macOS'],
  ...['MySQL', 'PostgreSQL', 'Postgres', 'MongoDB', 'Mongo', 'Redis', 'Cassandra', 'DynamoDB', 'Oracle', 'SQLite'],
  ...['SQL Server', 'MS SQL', 'MariaDB', 'Elasticsearch', 'Firebase', 'Supabase', 'Snowflake', 'BigQuery'],
  ...['AWS', 'Azure', 'GCP', 'Google Cloud', 'Docker', 'Kubernetes', 'K8s', 'Terraform', 'Jenkins'],
  ...['GitHub Actions', 'Kafka', 'RabbitMQ', 'Spark', 'Pandas', 'Jest', 'Vitest', 'JUnit', 'pytest', 'Selenium'],
]

/** The names as the tokenizer reads them, longest first so "Spring Boot" is read before "Spring". */
const contextPhrases: readonly (readonly string[])[] = contextNames
  .map((name) => rawWords(name))
  .filter((phrase) => phrase.length > 0)
  .sort((a, b) => b.length - a.length)

/** Words that put the previous question in a context: "in Python", "for MongoDB", Hindi "MySQL mein". */
const markersBefore: ReadonlySet<string> = new Set(['in', 'for', 'with', 'using', 'on'])
const markersAfter: ReadonlySet<string> = new Set(['mein', 'me', 'main', 'par', 'pe'])
/** Nouns that only say what kind of context it is: "a Django app", "a Java project". */
const contextNouns: ReadonlySet<string> = new Set([
  ...['app', 'apps', 'application', 'applications', 'project', 'projects', 'codebase', 'code', 'backend'],
  ...['frontend', 'side', 'service', 'services', 'version', 'stack', 'world', 'ecosystem', 'language', 'setup'],
])
/**
 * Everything else such a question may say: carrying on ("and", "so", "aur"), asking the same
 * ("same thing", "what about", "can you do it", Hindi "kaise karenge") and determiners.
 */
const carryingWords: ReadonlySet<string> = new Set([
  ...['and', 'so', 'ok', 'okay', 'but', 'now', 'then', 'also', 'too', 'as', 'well', 'please', 'aur', 'achha', 'acha'],
  ...['what', 'how', 'about', 'same', 'thing', 'things', 'a', 'an', 'the', 'this', 'that', 'it', 'there'],
  ...['can', 'could', 'would', 'will', 'you', 'we', 'do', 'does', 'write', 'implement', 'code', 'of', 'case'],
  ...['kya', 'kaise', 'karenge', 'karoge', 'karna', 'karte', 'hoga', 'hai', 'wahi', 'yahi', 'ye', 'yeh'],
])
const determiners: ReadonlySet<string> = new Set(['a', 'an', 'the'])

/** The length of the context name that starts at `start`, or 0. */
function contextNameAt(words: readonly string[], start: number): number {
  const phrase = contextPhrases.find((candidate) => candidate.every((word, i) => words[start + i] === word))
  return phrase?.length ?? 0
}

/** Whether the word before `start` (past any determiner) puts what follows in a context: "for a Django app". */
function markedBefore(words: readonly string[], start: number): boolean {
  let i = start - 1
  while (i >= 0 && determiners.has(words[i] ?? '')) i--
  return markersBefore.has(words[i] ?? '')
}

/** Whether the words name a language, framework, database or platform: "what about Java?" names one. */
export const namesAContext = (words: readonly string[]): boolean => words.some((_, i) => contextNameAt(words, i) > 0)

/**
 * The previous question asked again in another language, framework, database or platform, and
 * nothing else: "same thing in Python?", "what about in Java?", "and for MongoDB?", "aur MySQL
 * mein?". A context named with no marker and no "same" asks about the context itself ("do you
 * know Python?", "what is MongoDB?"), and any word that is not a context, a context noun or a word
 * of carrying on names a subject of the question's own ("and in Python, how do you implement a
 * queue?").
 */
export function asksInAnotherContext(words: readonly string[]): boolean {
  let named = false
  let marked = words.includes('same')
  for (let i = 0; i < words.length;) {
    const length = contextNameAt(words, i)
    if (length > 0) {
      named = true
      marked ||= markedBefore(words, i) || markersAfter.has(words[i + length] ?? '')
      i += length
      continue
    }
    const word = words[i] ?? ''
    if (!carryingWords.has(word) && !contextNouns.has(word) && !markersBefore.has(word) && !markersAfter.has(word))
      return false
    i++
  }
  return named && marked
}
