const starParts = ['situation', 'task', 'action', 'result'] as const
export type StarPart = (typeof starParts)[number]

export type StarAnalysis = {
  /** Whether the answer is expected to follow STAR (behavioural question or a story). */
  applicable: boolean
  present: Record<StarPart, boolean>
  /** The phrase that showed each part, as the user said it. */
  evidence: Partial<Record<StarPart, string>>
  missing: StarPart[]
  /** Parts present, 0–4. */
  score: number
}

/** Cue phrases that typically open each part of a STAR story. */
const cues: Readonly<Record<StarPart, RegExp>> = {
  situation:
    /\b(at my (last|previous|current|old|first|former) (job|company|role|team|position|employer|internship)|in my (last|previous|current|old|first|former) (job|company|role|team|position)|when i was (at|working|a|an|the|on|leading|in)|we were (working|building|migrating|launching|facing|trying|running|about|using|rolling)|back (in|when)|the (situation|context|background) (was|is)|there was (a|an|this) (time|situation|project|problem|bug|deadline|period|incident|outage|customer|client|release)|our (team|company|product|system|service) (was|had)|we had (a|an|this) (problem|situation|project|deadline|bug|customer|client|legacy|monolith|team|service|issue|outage|incident)|last (year|quarter|month|summer)|a few (years|months|weeks) ago|one time|a while ago|during (my|a|the|our) (time|internship|project|last|previous|migration|launch))\b/i,
  task: /\b(my (task|job|goal|role|responsibility|objective|assignment|challenge) (was|is)|i was (responsible|asked|tasked|supposed|in charge|expected|assigned|the one)|i (needed|had|wanted) to|we (needed|had) to|the (goal|task|challenge|objective|problem|ask) was|i was the (only|lead|owner|main)|it was my (job|responsibility)|i owned|i had to figure out)\b/i,
  action:
    /\b(so i|i (decided|started|implemented|built|created|wrote|led|organi[sz]ed|proposed|set up|reached out|worked with|talked|spoke|met|scheduled|refactored|designed|introduced|added|analy[sz]ed|investigated|profiled|automated|migrated|rewrote|split|suggested|gathered|broke|prioriti[sz]ed|documented|fixed|tested|deployed|rolled|coordinated|negotiated|convinced|presented|trained|mentored|paired|reviewed|took|made|used|measured|replaced|moved|wrote|asked|called|escalated|debugged|traced|reproduced|simplified|ran|created)|first,? i|then i|next,? i|after that,? i|(i|we) (have |had |then |also |first |finally )?(?!needed\b|wanted\b|used\b|tried\b|faced\b|joined\b|worked\b|started\b)([a-z]{3,}ed|rewritten|rewrote|built|wrote|written|made|took|ran|led|set up|brought|sent|found|got|gave|kept|split|cut|put|chose|spoke|met|broke|caught|taught|did|held|fixed|shipped))\b/i,
  result:
    /\b(as a result|in the end|the (result|outcome|impact) (was|is)|resulted in|which (led|resulted) (to|in)|ended up|we (reduced|increased|improved|cut|saved|shipped|launched|delivered|hit|met|achieved|grew|doubled|halved|finished|released)|(reduced|increased|improved|cut|saved|dropped|grew|fell|rose|went) (by|from|to|down)|\d+(\.\d+)? ?(%|percent|x|times|ms|milliseconds|seconds|minutes|hours|days|weeks)|since then|eventually|i learned|we learned|the lesson|after (this|that)|because of (this|that)|thanks to (this|that)|finally|(this|that|it) (helped|meant|made|led)|(became|got) (much |a lot |far )?(faster|better|quicker|more stable|more reliable|cheaper|simpler|easier)|(stopped|disappeared|went away|went smoothly)|half the (time|cost)|nobody complained|no more)\b/i,
}

/** A scene in the past: "Our checkout page was slow", "We had a flaky deploy". */
const PAST_STATE = /\b(was|were|had|used to|kept)\b/i
const OPENING_SENTENCE = /^[^.!?]*[.!?]?/

/**
 * The situation when no cue names it: the story's first sentence describes a past state and is
 * not itself the task, an action or a result.
 */
function openingScene(text: string): string | null {
  const first = OPENING_SENTENCE.exec(text.trim())?.[0] ?? ''
  const state = PAST_STATE.exec(first)
  if (state === null || cues.task.test(first) || cues.action.test(first) || cues.result.test(first)) return null
  return first.trim()
}

/** Detects which STAR parts a response contains, from cue phrases. */
export function detectStar(text: string, applicable: boolean): StarAnalysis {
  const present = { situation: false, task: false, action: false, result: false }
  const evidence: Partial<Record<StarPart, string>> = {}
  for (const part of starParts) {
    const match = cues[part].exec(text)
    if (match) {
      present[part] = true
      evidence[part] = match[0]
    }
  }
  const scene = present.situation ? null : openingScene(text)
  if (scene !== null) {
    present.situation = true
    evidence.situation = scene
  }
  const missing = starParts.filter((part) => !present[part])
  return { applicable, present, evidence, missing, score: starParts.length - missing.length }
}
