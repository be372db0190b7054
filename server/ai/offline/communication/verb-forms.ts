/** Past participle → [simple past, base form] for irregular verbs common in interview answers. */
const irregular: ReadonlyMap<string, readonly [string, string]> = new Map([
  ['written', ['wrote', 'write']],
  ['rewritten', ['rewrote', 'rewrite']],
  ['built', ['built', 'build']],
  ['rebuilt', ['rebuilt', 'rebuild']],
  ['done', ['did', 'do']],
  ['redone', ['redid', 'redo']],
  ['made', ['made', 'make']],
  ['given', ['gave', 'give']],
  ['taken', ['took', 'take']],
  ['undertaken', ['undertook', 'undertake']],
  ['chosen', ['chose', 'choose']],
  ['driven', ['drove', 'drive']],
  ['found', ['found', 'find']],
  ['led', ['led', 'lead']],
  ['run', ['ran', 'run']],
  ['rerun', ['reran', 'rerun']],
  ['shown', ['showed', 'show']],
  ['known', ['knew', 'know']],
  ['seen', ['saw', 'see']],
  ['overseen', ['oversaw', 'oversee']],
  ['broken', ['broke', 'break']],
  ['sent', ['sent', 'send']],
  ['set', ['set', 'set']],
  ['put', ['put', 'put']],
  ['kept', ['kept', 'keep']],
  ['held', ['held', 'hold']],
  ['brought', ['brought', 'bring']],
  ['bought', ['bought', 'buy']],
  ['caught', ['caught', 'catch']],
  ['taught', ['taught', 'teach']],
  ['thought', ['thought', 'think']],
  ['told', ['told', 'tell']],
  ['sold', ['sold', 'sell']],
  ['paid', ['paid', 'pay']],
  ['said', ['said', 'say']],
  ['spent', ['spent', 'spend']],
  ['lost', ['lost', 'lose']],
  ['won', ['won', 'win']],
  ['begun', ['began', 'begin']],
  ['drawn', ['drew', 'draw']],
  ['grown', ['grew', 'grow']],
  ['thrown', ['threw', 'throw']],
  ['spoken', ['spoke', 'speak']],
  ['forgotten', ['forgot', 'forget']],
  ['gotten', ['got', 'get']],
  ['hidden', ['hid', 'hide']],
  ['frozen', ['froze', 'freeze']],
  ['eaten', ['ate', 'eat']],
  ['fallen', ['fell', 'fall']],
  ['felt', ['felt', 'feel']],
  ['fed', ['fed', 'feed']],
  ['fought', ['fought', 'fight']],
  ['heard', ['heard', 'hear']],
  ['hit', ['hit', 'hit']],
  ['hurt', ['hurt', 'hurt']],
  ['laid', ['laid', 'lay']],
  ['left', ['left', 'leave']],
  ['lent', ['lent', 'lend']],
  ['let', ['let', 'let']],
  ['meant', ['meant', 'mean']],
  ['met', ['met', 'meet']],
  ['read', ['read', 'read']],
  ['understood', ['understood', 'understand']],
  ['withdrawn', ['withdrew', 'withdraw']],
  ['shut', ['shut', 'shut']],
  ['split', ['split', 'split']],
  ['spread', ['spread', 'spread']],
  ['struck', ['struck', 'strike']],
  ['torn', ['tore', 'tear']],
  ['worn', ['wore', 'wear']],
  ['upheld', ['upheld', 'uphold']],
  ['cut', ['cut', 'cut']],
  ['cost', ['cost', 'cost']],
  ['dealt', ['dealt', 'deal']],
  ['bound', ['bound', 'bind']],
  ['sought', ['sought', 'seek']],
  ['stuck', ['stuck', 'stick']],
  ['proven', ['proved', 'prove']],
  ['shaken', ['shook', 'shake']],
  ['woken', ['woke', 'wake']],
  ['ridden', ['rode', 'ride']],
  ['overridden', ['overrode', 'override']],
  ['forgiven', ['forgave', 'forgive']],
  ['beaten', ['beat', 'beat']],
])

/** Words ending in -ed that, after "be", describe a state or feeling rather than an action. */
const STATIVE_ED = new Set([
  'interested',
  'excited',
  'tired',
  'bored',
  'worried',
  'pleased',
  'satisfied',
  'concerned',
  'supposed',
  'married',
  'experienced',
  'skilled',
  'talented',
  'dedicated',
  'motivated',
  'qualified',
  'detailed',
  'advanced',
  'complicated',
  'sophisticated',
  'surprised',
  'involved',
  'based',
  'located',
  'related',
  'called',
  'named',
  'focused',
  'committed',
  'tasked',
  'stressed',
  'scared',
  'confused',
  'frustrated',
  'annoyed',
  'amazed',
  'impressed',
  'disappointed',
  'embarrassed',
  'overwhelmed',
  'determined',
  'prepared',
  'exposed',
  'limited',
  'distributed',
  'automated',
  'outdated',
  'inexperienced',
  'unexpected',
  'needed',
  'red',
  'bed',
  'shed',
  'speed',
  'seed',
  'feed',
  'need',
  'used',
  'united',
  'sized',
  'shaped',
  'biased',
  'crowded',
  'blessed',
  'aligned',
  'attached',
  'engaged',
  'ashamed',
])

export function isPastParticiple(word: string): boolean {
  if (irregular.has(word)) return true
  return word.length > 4 && word.endsWith('ed') && !STATIVE_ED.has(word)
}

/** Bases of regular verbs whose -ed form drops a final e: "created" → "create". */
const E_ENDINGS =
  /(at|iz|ys|ur|uc|ov|rg|ut|id|ir|os|ar|ic|ng|as|lv|rv|dg|rc|nc|rs|bl|pl|tl|gl|dl|kl|cl|fl|ag|ib|ob|ub|ud|ak|ok|uk|ik|ap|ip|op|up|yp|av|iv|ev|oc|ac|ec|ul|al|il|in|aus|ens|ang|ers|uid)$/
const DOUBLE_BASE_EXCEPTIONS = new Set([
  'add',
  'pass',
  'miss',
  'press',
  'stress',
  'process',
  'access',
  'assess',
  'buzz',
  'fill',
  'install',
  'roll',
  'poll',
  'call',
  'kill',
  'spill',
  'scroll',
  'sell',
  'tell',
  'fuzz',
  'pull',
  'push',
])

export function baseForm(participle: string): string {
  const known = irregular.get(participle)
  if (known) return known[1]
  if (!participle.endsWith('ed')) return participle
  if (participle.endsWith('eed')) return participle.slice(0, -1)
  if (participle.endsWith('ied') && participle.length > 4) return `${participle.slice(0, -3)}y`
  const stem = participle.slice(0, -2)
  const last = stem[stem.length - 1]
  if (last !== undefined && stem.length >= 3 && last === stem[stem.length - 2] && !DOUBLE_BASE_EXCEPTIONS.has(stem)) {
    return stem.slice(0, -1)
  }
  if (DOUBLE_BASE_EXCEPTIONS.has(stem)) return stem
  if (/[aeiou]in$/.test(stem) || /(ain|oin|ein|ail|oil|eal|ool|eel|ear|oar|air|eer|oor|our)$/.test(stem)) return stem
  if (E_ENDINGS.test(stem)) return `${stem}e`
  return stem
}

export function pastForm(participle: string): string {
  return irregular.get(participle)?.[0] ?? participle
}

/** Third-person singular present: "review" → "reviews", "fix" → "fixes", "deploy" → "deploys". */
export function thirdPersonForm(base: string): string {
  if (base === 'be') return 'is'
  if (base === 'have') return 'has'
  if (base === 'do') return 'does'
  if (/(s|x|z|ch|sh|o)$/.test(base)) return `${base}es`
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`
  return `${base}s`
}
