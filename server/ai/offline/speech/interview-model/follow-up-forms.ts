/**
 * The short ways an interviewer follows up on an answer ("why is that?", "how so?", "and then?").
 * They are questions of the interview corpus (corpus.ts), so the decoder can hear them and the
 * transcript scorer (language-score.ts) does not take one heard right for a fragment.
 */
export const followUpForms: readonly string[] = [
  'why is that',
  'why is that so',
  'why not',
  'and why',
  'why do you think so',
  'how so',
  'how come',
  'and how',
  'in what way',
  'and then',
  'and then what',
  'what then',
  'what happened next',
  'what happened then',
  'what next',
  'what else',
  'anything else',
  'such as',
  'like what',
  'for example',
  'for instance',
  'go on',
  'tell me more',
  'can you elaborate',
  'could you elaborate',
  'what do you mean',
  'meaning what',
  'is that so',
  'why',
  'how',
]

const known: ReadonlySet<string> = new Set(followUpForms)

/** Whether the spoken words (lower case) are one of the forms, whole. */
export function isFollowUpForm(words: readonly string[]): boolean {
  return known.has(words.join(' '))
}
