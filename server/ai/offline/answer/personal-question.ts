import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { mayAnswer } from '#server/ai/offline/search/put-to-the-candidate.ts'
import { ABOUT_THE_CANDIDATE, aboutTheCandidateProbability } from '#server/ai/offline/search/question-register.ts'

/**
 * Questions about the candidate themselves, and the HR questions about terms, recognised by their
 * wording: retrieval alone reads "why do you want this job?" as a question about job schedulers
 * and "expected CTC" as nothing at all.
 */
const PERSONAL_QUESTIONS: readonly [RegExp, string][] = [
  [
    /\b(tell (me|us) (a little |a bit )?about (yourself|your good self)|introduce yourself|walk (me|us) through your (background|resume|résumé|cv)|(apne|aapke|apke) (baare|bare) (mein|me|mai) (kuch )?(batao|bataiye|bataye))\b/i,
    'beh-tell-me-about-yourself',
  ],
  [
    // A bond's penalty for leaving early asks about the bond, not about the candidate's job changes.
    /^(?!.*\b(bond|service agreement)\b).*?(?:\bonly (\w+ ){0,2}(months?|a year|one year)\b.{0,40}\b(leav|switch|chang|mov)\w*|\b(switch|chang|leav)\w* (jobs? |companies )?(so )?(soon|early|quickly|often|frequently)\b|\bjob[- ]hopp\w*|\b(so many|too many) (jobs|companies|switches)\b)/i,
    'beh-frequent-job-changes',
  ],
  [
    /\bwhy\b.{0,30}\b(leav\w*|quit\w*|switch\w*|chang\w*)\b.{0,15}\b(your|the|this) (current|present|last|previous)? ?(job|company|organi[sz]ation|employer|firm|role)\b|\breason (for|of) (leaving|quitting|switching|changing)\b/i,
    'beh-why-leaving',
  ],
  [/\boverqualified\b|\btoo (experienced|senior|qualified)\b|\bbelow your (level|experience)\b/i, 'beh-overqualified'],
  // "Will they let you go early?" asks about a release from notice, not a layoff.
  [/\blaid off\b|\blayoffs?\b|\bretrench\w*|\blet you go\b(?! (early|earlier|sooner|before))/i, 'beh-layoff'],
  [
    /\b(gap|break)\b.{0,30}\b(after|since) (your )?(graduation|college|b\.?tech|degree|engineering|studies|passing out)\b|\bwhat (were you doing|did you do)\b.{0,40}\bafter (your )?(graduation|college|b\.?tech|degree|engineering|studies)\b/i,
    'beh-gap-after-graduation',
  ],
  [
    /\b(gap|break)\b.{0,30}\b(resume|résumé|cv|career|employment|work history)\b|\b(resume|résumé|cv|career|employment)\b.{0,20}\b(gap|break)\b|\bexplain (the|this|that) (gap|break)\b|\bnot working for\b|\bkaam (kyun|kyu) (nahi|nahin|na) (kiya|kar rahe|karte)\b|\b(kyun|kyu) (nahi|nahin) kaam (kiya|kar rahe)\b/i,
    'beh-career-gap',
  ],
  [
    /\bnon[- ]it\b|\b(switch\w*|chang\w*) (your |the )?(career|domain|field|stream)\b|\b(mov|switch|shift|transition)\w* (from|out of) .{0,40}\b(to|into) (software|it|tech|coding|programming)\b/i,
    'beh-career-switch',
  ],
  [
    /\bwhat (motivates|drives|inspires) you\b|\bwhat keeps you motivated\b|\bgets you (so |really |most )?excited\b|\blose track of time\b/i,
    'beh-motivation',
  ],
  // Its words are all function words, so only its wording tells it from "and what is it best at?".
  [/\bwhat\b.{0,40}\byou(?: are|'re)? best at\s*\??\s*$/i, 'beh-greatest-strength'],
  [
    /\bwork[- ]life balance\b|\b(stay|sit|work) (back )?late\b|\blate (hours|nights|evenings)\b|\bextra hours\b/i,
    'beh-work-life-balance',
  ],
  [
    /\bwork(ing)?\b.{0,15}\b(alone|independently|individually|on your own)\b.{0,30}\b(team|others|group)\b|\b(alone|independently|individually)\b.{0,10}\bor (in|with) (a )?(team|others|group)\b|\bteam player\b/i,
    'beh-team-or-alone',
  ],
  [
    /\b(willing|okay|ok|fine|comfortable|ready) to work (on|in|with) (any|a different|other)\b|\b(put|place|assign\w*) you (on|in|to) (a |any )?(different|support|testing|other)\b/i,
    'beh-any-technology',
  ],
  [/\bhobb(y|ies)\b|\b(free|spare|leisure) time\b|\bapart from work\b/i, 'beh-hobbies'],
  [
    /\bwhy should (we|i|they) (hire|select|choose|pick) you\b|\bwhat makes you (the right|a good|the best) (fit|candidate|person)\b/i,
    'beh-why-hire-you',
  ],
  [
    /\bwhat do you know about (us|(our|this|the) (company|organi[sz]ation|firm|business|products?))\b|\bresearch\b.{0,30}\b(on|about) us\b/i,
    'beh-know-about-company',
  ],
  [
    /\bwhy\b.{0,40}\b(this|our|the) (job|role|position|company|team)\b|\bwhy do you want to (work|join)\b|\bwhy are you (interested|applying)\b|\bwhat attracts you\b|\bmade you apply\b|\b(role|job|position|company|team|opening)\b.{0,40}\b(excites?|attracts?|appeals? to) you\b|\bwhat (excites|attracted|drew|draws) you to\b/i,
    'beh-why-company',
  ],
  [
    /\b(project|work|accomplishment|achievement)s?\b.{0,40}\bproud(est)?\b|\bproud(est)?\b.{0,40}\b(project|accomplishment|achievement)s?\b/i,
    'beh-proudest-project',
  ],
  // The documents a background check asks for name pay ("salary slips"): the check is asked about, not the pay.
  [
    /\bbackground (verification|check)\b|\bbgv\b|\brelieving letters?\b|\b(salary|pay) ?slips?\b|\bpayslips?\b|\bform[- ]?16\b/i,
    'beh-background-verification',
  ],
  [
    /\bcounter[- ]?offers?\b|\b(hike|raise|more money)\b.{0,30}\bto stay\b|\b(raise|hike|increment)\b.{0,40}\b(resign\w*|put (in|down) (your )?papers)\b|\b(resign\w*|put (in|down) (your )?papers)\b.{0,40}\b(raise|hike|increment)\b/i,
    'beh-counter-offer',
  ],
  [
    /\bnegotiat\w*\b.{0,30}\b(offer|salary|ctc|package)\b|\b(happy|okay|ok|fine|satisfied) with (the|this|our) (offer|offered)\b|\boffer(ed ctc)?\b.{0,20}\bacceptable\b/i,
    'beh-offer-negotiation',
  ],
  [
    /\b(lower|less|reduced) (package|salary|ctc|pay|offer)\b|\bpay cut\b|\b(less|lower) than (what )?(you|your) (asked|expect\w*|quoted)\b|\bbudget is (lower|less)\b|\bflexible (on|with) (your |the )?(expected )?(ctc|salary|package)\b|\bonly match\b.{0,20}\b(current|present|existing)\b/i,
    'beh-lower-package',
  ],
  [
    /\b(current|present|last drawn|existing) (ctc|salary|package|pay|compensation)\b|\bhow much hike\b|\bhike\b.{0,30}\b(percent|%|why|so much|such)\b|\b(why|so much|such)\b.{0,20}\bhike\b|\d+ ?(%|percent) hike\b|\btake[- ]home\b|\bin[- ]hand (salary|pay)\b|\bpays you\b/i,
    'beh-current-ctc',
  ],
  [
    /\b(salary|ctc|compensation|pay|package)\b.{0,30}\b(expect\w*|looking for|hike)\b|\b(expected|current|last drawn) (ctc|salary|compensation|package|pay)\b|\bhow much\b.{0,30}\b(paid|pay|salary)\b|\bctc\b|\byour\b.{0,20}\b(salary|compensation)\b/i,
    'beh-salary-expectations',
  ],
  [
    /\bnotice period\b|\bjoining date\b|\b(how soon|when) can you (join|start)\b|\b(can|could) you (join|start)\b.{0,30}\b(early|earlier|soon|immediately|within|days|weeks|month)\b|\b(ready|able|available) to (join|start)\b|\bimmediate joiner\b|\bnotice (is|of) \d+|\blet you go (early|earlier|sooner)\b|\bjoin kar (sakte|sakti|sakoge|paoge|payenge|lenge)\b|\bkab (tak |se )?join\b|\bkitne din (mein|me) join\b|\b(relieve|release) (karega|karenge|karegi|kar denge)\b|\bhow soon can you be (released|relieved)\b/i,
    'beh-notice-period',
  ],
  [
    /\brelocat\w*\b|\b(open|willing|ready|okay|ok|fine|comfortable) to (move|shift) to\b|\b(okay|ok|fine|comfortable|willing|open|ready)( with)? (moving|shifting|to move|to shift|relocating) to\b|\bwould (moving|shifting) to\b/i,
    'beh-relocation',
  ],
  [
    /\b(night|rotational|rotating|general|evening|us|uk) shifts?\b|\bshift (timings?|work|allowance)\b|\b(work|working) in shifts\b|\bshifts?\b.{0,20}\b(okay|ok|fine|comfortable)\b|\b(work|working) (on )?(weekends?|saturdays?|sundays?)\b|\bon[- ]call\b.{0,40}\b(okay|ok|fine|comfortable|theek|problem|issue)\b/i,
    'beh-shift-work',
  ],
  [
    /\bservice (agreement|bond)\b|\bbond period\b|\bany (training )?bond\b|\bsign(ing)? (a |the )?(\w+[- ]year )?bond\b|\bbond\b.{0,20}\b(okay|ok|fine|comfortable|problem)\b/i,
    'beh-service-bond',
  ],
  [
    /\b(other )?offers? in hand\b|\bany other offers?\b|\bholding (any|an|other)\b.{0,15}\boffers?\b|\bhow many offers\b|\binterviewing (with|at) (other|any other)\b|\b(dusra|doosra|koi aur|aur koi) offers?\b|\boffers? (haath|hath) (mein|me)\b|\b(haath|hath) (mein|me)\b.{0,20}\boffers?\b/i,
    'beh-other-offers',
  ],
  [
    /\bwork(ing)? from (the )?office\b|\bwfo\b|\bdays a week\b.{0,20}\boffice\b|\bhybrid\b.{0,20}\b(work|office|policy)\b|\b(role|job|position) is hybrid\b|\b(come|coming|commute) to (the )?office\b|\bno hybrid\b|\b(in|from|at) the office (all|every|five|5) (week)?days\b|\b(sits?|work\w*) (in|from) the office all\b/i,
    'beh-work-from-office',
  ],
  [
    /\b(willing|open|ready|okay|ok|fine|comfortable|able) to travel\b|\btravel\b.{0,30}\b(for work|required|client|onsite|on-site)\b|\bgo(ing)? (onsite|on-site)\b|\bhow much travel\b/i,
    'beh-travel',
  ],
  [/\bprobation\b/i, 'beh-probation'],
  // The interviewer's closing invitation, however it is worded ("Before we wrap up, is there
  // something you want to know about the role?", "Now it's your turn", "Aapko kuch poochna hai?"),
  // and the candidate asking what to ask then.
  [
    new RegExp(
      [
        /\b(any )?questions? for (us|me|the panel)\b/,
        /\b(questions?|doubts?|quer(y|ies))\b.{0,15}\bfrom your side\b/,
        /\b(anything|something|any (questions?|doubts?|quer(y|ies)))\b.{0,50}\byou\b.{0,25}\b(ask|know|clarify)\b/,
        /\bwhat (would|do) you (like|want|wish) to (ask|know)\b/,
        /\b(your turn|over to you)\b/,
        /\bwhat (should|can|could) i ask\b.{0,40}\binterviewer\b|\bquestions? to ask (the|your|an) interviewer\b/,
        /\b(what|which)\b.{0,30}\b(questions?|things?) to ask (them|the panel|at the end)\b/,
        /\b(kuch|koi)\b.{0,20}\b(poochna|puchna|poochhna|sawal|sawaal|questions?|doubts?)\b/,
      ]
        .map((pattern) => pattern.source)
        .join('|'),
      'i',
    ),
    'beh-questions-for-interviewer',
  ],
]

/**
 * Terms of employment the knowledge base has no entry for, such as a joining bonus. They are
 * answered as the HR entries are (say where you stand, give a phrasing), never from a technical
 * neighbour or with a story.
 */
const OTHER_TERMS = /\bjoining bonus\b|\bsign[- ]on bonus\b|\b(stock|esops?) (options|grants?|vesting)\b/i

/** Stock options are also a thing to model in a schema: as a term they come with the candidate's pay or offer. */
const ABOUT_PAY = /\b(your|offer\w*|package|ctc|joining|compensation|salary)\b/i

const TERMS_ENTRIES: ReadonlySet<string> = new Set([
  'beh-salary-expectations',
  'beh-current-ctc',
  'beh-lower-package',
  'beh-offer-negotiation',
  'beh-counter-offer',
  'beh-other-offers',
  'beh-notice-period',
  'beh-relocation',
  'beh-shift-work',
  'beh-service-bond',
  'beh-work-from-office',
  'beh-travel',
  'beh-background-verification',
  'beh-probation',
])

/**
 * A question that carries on by naming one term of the job and nothing else: "what about
 * relocation?", "and the bond?", "is there a probation too?". Alone its word may be another
 * field's ("relocation" of a linker, "shifts" of bits), so it is only read as the job's term after
 * a question about the job's terms, which put it to the candidate.
 */
const CARRIED_ON_TERM =
  /^\W*(?:(?:and|so|ok|okay|but|also|then)\W+)*(?:(?:what|how) about\s+|(?:is|are) there\s+|will there be\s+)?(?:(?:the|a|an|any)\s+)?(?<term>[a-z][a-z -]*?)(?:\s+(?:too|also|as well|then))?[\s?.!]*$/i

const CARRIED_TERMS: readonly [RegExp, string][] = [
  [/^(relocat\w*|moving cities)$/, 'beh-relocation'],
  [/^((night|rotational|rotating|weekend) )?shifts?( work| timings?)?$|^weekends?$/, 'beh-shift-work'],
  [/^((service|training) )?bond( period)?$/, 'beh-service-bond'],
  [/^probation( period)?$/, 'beh-probation'],
  [/^(travel|travell?ing|onsite|on-site)$/, 'beh-travel'],
  [/^(notice( period)?|joining date)$/, 'beh-notice-period'],
  [/^(background (check|verification)|bgv)$/, 'beh-background-verification'],
  [/^(office|hybrid|wfo|work from (the )?office)$/, 'beh-work-from-office'],
  [/^(other offers?|offers in hand)$/, 'beh-other-offers'],
]

/**
 * The entry of the one term a question names after a question about the job's terms ("what about
 * relocation?" after "are you okay with night shifts?"), or null.
 */
export function carriedOnTermEntry(question: string, previous: string): KbEntry | null {
  const term = CARRIED_ON_TERM.exec(question)?.groups?.term?.toLowerCase()
  if (term === undefined || !asksAboutTerms(previous)) return null
  const id = CARRIED_TERMS.find(([pattern]) => pattern.test(term))?.[1]
  return id === undefined ? null : (findEntry(id) ?? null)
}

/** Whether the question is about terms of employment (pay, notice, relocation, offers, bonds…), with or without an entry. */
export function asksAboutTerms(question: string): boolean {
  const entry = personalQuestionEntry(question)
  return (entry !== null && TERMS_ENTRIES.has(entry.id)) || (OTHER_TERMS.test(question) && ABOUT_PAY.test(question))
}

/**
 * The knowledge-base entry for a question about the candidate, or null for any other question. A
 * question about a subject is not put to the candidate whatever words it shares with one that is:
 * "why did partitioning make the job faster?" asks about a batch job, not why they want this job.
 */
export function personalQuestionEntry(question: string): KbEntry | null {
  if (aboutTheCandidateProbability(question) < ABOUT_THE_CANDIDATE) return null
  for (const [pattern, id] of PERSONAL_QUESTIONS) {
    if (!pattern.test(question)) continue
    const entry = findEntry(id)
    // Refused here (the words of another field), the question may still be another entry's.
    if (entry !== undefined && mayAnswer(entry, question)) return entry
  }
  return null
}
