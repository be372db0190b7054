import { baseForm, isPastParticiple, pastForm, thirdPersonForm } from './verb-forms.ts'
import { gapAfter, gapBefore, type Sentence, type Word } from './words.ts'

export type PassiveFinding = {
  /** The passive phrase as written, e.g. "was written by me". */
  text: string
  sentence: string
  index: number
  /** Who did it, when the sentence says ("me", "the team"). */
  agent: string | null
  /** The sentence rewritten in the active voice; only when the agent is present. */
  activeSentence: string | null
  /** The span [start, end) of the original text that `activeClause` replaces. */
  replaceStart: number
  replaceEnd: number
  activeClause: string | null
  /** Without a named agent: the sentence as if the speaker did it ("I fixed the bug"). */
  firstPersonSentence: string | null
}

const BE = new Set(['am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'get', 'gets', 'got', 'gotten'])
const MODALS = new Set(['will', 'would', 'can', 'could', 'should', 'must', 'might', 'may'])
const PERFECT = new Set(['has', 'have', 'had'])
const ADVERBS = new Set([
  'not',
  'also',
  'then',
  'already',
  'just',
  'never',
  'always',
  'often',
  'all',
  'still',
  'finally',
  'eventually',
  'later',
  'first',
  'initially',
  'actually',
  'really',
])
const CLAUSE_BREAKERS = new Set([
  'and',
  'but',
  'so',
  'because',
  'when',
  'while',
  'which',
  'that',
  'then',
  'after',
  'before',
  'since',
  'if',
  'although',
  'though',
  'where',
  'once',
  'until',
  'as',
])
const AGENT_STOPPERS = new Set([
  'in',
  'on',
  'at',
  'for',
  'to',
  'with',
  'and',
  'but',
  'because',
  'so',
  'which',
  'that',
  'after',
  'before',
  'during',
  'within',
  'last',
  'this',
  'next',
  'when',
  'while',
  'since',
  'using',
  'without',
  'from',
  'over',
  'every',
  'each',
  'yesterday',
  'today',
  'tomorrow',
  'daily',
  'weekly',
  'monthly',
  'twice',
  'again',
  'afterwards',
  'instead',
  'as',
  'into',
  'across',
  'under',
  'through',
  'until',
  'via',
])
const OBJECT_TO_SUBJECT: Readonly<Record<string, string>> = {
  me: 'I',
  us: 'we',
  him: 'he',
  her: 'she',
  them: 'they',
  you: 'you',
  it: 'it',
}
const SUBJECT_TO_OBJECT: Readonly<Record<string, string>> = {
  i: 'me',
  we: 'us',
  he: 'him',
  she: 'her',
  they: 'them',
  you: 'you',
  it: 'it',
}
const LOWERCASE_STARTERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'our',
  'my',
  'its',
  'their',
  'his',
  'her',
  'it',
  'every',
  'each',
  'all',
  'some',
  'most',
])

function isAdverb(word: Word): boolean {
  return ADVERBS.has(word.lower) || (word.lower.endsWith('ly') && word.lower.length > 4)
}

/** Punctuation between two words that ends a phrase; a hyphen inside "on-call" does not. */
function hasPause(gap: string): boolean {
  return /[,;:()—–]|\s-\s/.test(gap)
}

function agentIsSingular(agent: string): boolean {
  const lower = agent.toLowerCase()
  if (lower.includes(' and ')) return false
  if (['i', 'we', 'you', 'they'].includes(lower)) return false
  if (['he', 'she', 'it'].includes(lower)) return true
  const last = lower.split(' ').pop() ?? ''
  return !(last.endsWith('s') && !last.endsWith('ss'))
}

function activeVerb(auxiliary: string[], participle: string, agent: string): string | null {
  const [first, second] = auxiliary
  // "was being built" would need a progressive rewrite ("was building"); leave it flagged only.
  if (first === undefined || auxiliary.includes('being')) return null
  if (MODALS.has(first) && second === 'be') return `${first} ${baseForm(participle)}`
  if (PERFECT.has(first) && second === 'been') {
    const have = first === 'had' ? 'had' : agentIsSingular(agent) ? 'has' : 'have'
    return `${have} ${participle}`
  }
  if (['was', 'were', 'got'].includes(first)) return pastForm(participle)
  if (['is', 'are', 'am', 'get', 'gets'].includes(first)) {
    const base = baseForm(participle)
    return agentIsSingular(agent) && agent.toLowerCase() !== 'i' ? thirdPersonForm(base) : base
  }
  return null
}

function asObject(subject: Word[]): string {
  const [first, ...rest] = subject
  if (!first) return ''
  if (rest.length === 0 && SUBJECT_TO_OBJECT[first.lower] !== undefined)
    return SUBJECT_TO_OBJECT[first.lower] ?? first.text
  const head = LOWERCASE_STARTERS.has(first.lower) ? first.lower : first.text
  return [head, ...rest.map((w) => w.text)].join(' ')
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Passive voice: a form of "be" (or "get"), optional adverbs, then a past participle — "was
 * written", "has been reviewed", "got deployed". When the sentence names the agent ("by me"),
 * the clause is rewritten actively: "The API was written by me" → "I wrote the API".
 */
export function detectPassive(text: string, sentences: readonly Sentence[]): PassiveFinding[] {
  const findings: PassiveFinding[] = []
  for (const sentence of sentences) {
    const words = sentence.words
    for (let i = 0; i < words.length; i++) {
      const aux = words[i]
      if (!aux || !BE.has(aux.lower)) continue
      let j = i + 1
      const adverbs: Word[] = []
      for (let next = words[j]; next && isAdverb(next) && adverbs.length < 2; next = words[++j]) adverbs.push(next)
      const participle = words[j]
      if (!participle || !isPastParticiple(participle.lower)) continue
      if (participle.lower === 'used' && words[j + 1]?.lower === 'to') continue
      // Auxiliary chain before "be": "will be", "has been", "should have been".
      let auxStart = i
      const chain = [aux.lower]
      const previous = words[i - 1]
      const progressive = aux.lower === 'being' && previous !== undefined && BE.has(previous.lower)
      if (
        previous &&
        (MODALS.has(previous.lower) || PERFECT.has(previous.lower) || progressive) &&
        !hasPause(gapBefore(text, words, i))
      ) {
        auxStart = i - 1
        chain.unshift(previous.lower)
      }
      // Subject: back to the start of the clause.
      const subject: Word[] = []
      for (let k = auxStart - 1; k >= 0 && subject.length < 6; k--) {
        const word = words[k]
        if (!word || CLAUSE_BREAKERS.has(word.lower) || hasPause(gapAfter(text, words, k))) break
        subject.unshift(word)
      }
      // Agent: "by" right after the participle, up to a preposition, conjunction or pause.
      const agent: Word[] = []
      let end = participle.end
      if (words[j + 1]?.lower === 'by' && !hasPause(gapAfter(text, words, j))) {
        for (let k = j + 2; k < words.length && agent.length < 5; k++) {
          const word = words[k]
          if (!word) break
          // "by Sam and me" is one agent; "by me and I mean…" starts a new clause.
          const nextText = words[k + 1]?.text ?? ''
          const coordinated = word.lower === 'and' && nextText !== 'I' && /^(me|us|him|her|them|[A-Z])/.test(nextText)
          if (!coordinated && (AGENT_STOPPERS.has(word.lower) || isAdverb(word) || /^\d/.test(word.lower))) break
          agent.push(word)
          if (hasPause(gapAfter(text, words, k))) break
          if (OBJECT_TO_SUBJECT[word.lower] !== undefined && words[k + 1]?.lower !== 'and') break
        }
        if (agent.length > 0) end = agent[agent.length - 1]?.end ?? end
      }
      const passiveStart = words[auxStart]?.start ?? aux.start
      const finding: PassiveFinding = {
        text: text.slice(passiveStart, end),
        sentence: sentence.text,
        index: passiveStart,
        agent: agent.length > 0 ? agent.map((w) => w.text).join(' ') : null,
        activeSentence: null,
        replaceStart: subject[0]?.start ?? passiveStart,
        replaceEnd: end,
        activeClause: null,
        firstPersonSentence: null,
      }
      const rewrite = (agentText: string): { clause: string; sentence: string } | null => {
        const verb = activeVerb(chain, participle.lower, agentText)
        if (verb === null) return null
        const adverbText = adverbs.map((w) => w.lower).join(' ')
        const raw = [agentText, adverbText, verb, asObject(subject)].filter((part) => part !== '').join(' ')
        const clause = finding.replaceStart === sentence.start ? capitalise(raw) : raw
        const before = text.slice(sentence.start, finding.replaceStart)
        const after = text.slice(end, sentence.end)
        return { clause, sentence: capitalise(`${before}${clause}${after}`) }
      }
      if (subject.length > 0 && finding.agent !== null) {
        const [firstAgent] = agent
        const agentText = agent
          .map(
            (w) =>
              OBJECT_TO_SUBJECT[w.lower] ?? (LOWERCASE_STARTERS.has(w.lower) && w === firstAgent ? w.lower : w.text),
          )
          .join(' ')
        const active = rewrite(agentText)
        finding.activeClause = active?.clause ?? null
        finding.activeSentence = active?.sentence ?? null
      } else if (subject.length > 0 && !['i', 'we'].includes(subject[0]?.lower ?? '')) {
        finding.firstPersonSentence = rewrite('I')?.sentence ?? null
      }
      findings.push(finding)
      i = j
    }
  }
  return findings
}
