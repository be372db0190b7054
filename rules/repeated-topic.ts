/** Words that ask rather than name a topic: left out when two questions are compared. */
const askingWords = new Set(
  `a an the and or but of to in on at for from with about into over by as is are was were be been being am
  do does did done doing have has had can could would should will shall may might must
  what whats which who whom whose why how when where whether if then than that this these those there
  you your yours yourself me my mine we our us i it its they them their he she his her
  tell explain describe define give say talk walk let know think mean means example examples
  some any all each every more most much many very really just also please okay ok so not no yes
  difference between versus vs like one two made make time times`.split(/\s+/),
)

/** A word in one form: lower case, a plural or third-person "s" dropped. */
const stem = (word: string) =>
  word.length > 4 && word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.length > 3 && word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word

/** The words of a question that carry its topic, in one form each. */
export function topicWords(question: string): Set<string> {
  const words = question
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^a-z0-9+#']+/)
    .map((word) => word.replace(/'s$|'/g, ''))
    .filter((word) => word.length > 1 && !askingWords.has(word))
  return new Set(words.map(stem))
}

/**
 * Whether two questions are on one topic: they share most of their topic words (at least half of
 * all the words the two use, and at least one). A question with no topic word matches nothing.
 */
export function sameTopic(first: ReadonlySet<string>, second: ReadonlySet<string>): boolean {
  if (first.size === 0 || second.size === 0) return false
  let shared = 0
  for (const word of first) if (second.has(word)) shared += 1
  return shared > 0 && shared * 2 >= first.size + second.size - shared
}
