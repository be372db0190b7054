import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { asksInHindiOfNothingBut, namesTheJobsOwnSubject } from './asked-in-hindi.ts'

/**
 * Words that put a question to the candidate about their own job: "you", "your", "we" and "our"
 * of the employer, their Hindi forms, "okay" or "fine" asked of them, or a word of employment that
 * names no one entry (company, interview, joining). Hindi often says "you" only in the verb: the
 * future "karoge", "paoge", "jaoge", and "sakte ho", "karte ho", "kar rahe the". A word that is
 * itself an entry's subject ("shift", "offer", "team", "hybrid", "job") proves nothing: "the shift
 * operator" and "a hybrid model" share it.
 */
const PUT_TO_THE_CANDIDATE =
  /\b(you|your|yours|yourself|u|ur|we|us|our|here|okay|ok|fine|comfortable|willing|ready|open|aap\w*|tum\w*|tu|tera|tere|tujhe|apna|apni|apne|chalega|\w+og[ei]|\w+t[ei] ho|(rahe|gaye|kiye|liye|chuke) ho|rahe the|company|companies|employer|organi[sz]ation|firm|candidate|interview|hr|resume|cv|naukri|position|joining|onboarding)\b/i

/**
 * Phrases that only ever mean a term of employment, whoever is addressed. Relocating is one when a
 * person moves to a place, must move or is paid for it; a linker's relocations are not.
 */
const TERMS_OF_EMPLOYMENT =
  /\bnotice period\b|\bservice (bond|agreement)\b|\bbackground verification\b|\bbgv\b|\brelocat(e|ing|ion) (to|for|allowance|assistance|support|package|bonus|policy|benefits?|expenses?|required|needed|mandatory|possible)\b|\b(need|have|required|expected) to relocate\b|\b(night|rotational|rotating) shifts?\b|\bwork(ing)? from (the )?office\b|\bcounter[- ]offers?\b|\bctc\b|\boffer letter\b|\bwork[- ]life balance\b/i

/**
 * Whether the job has a term, asked with nothing else ("Is there a probation period?", "Will there
 * be any bond?"): the candidate asking, or being told, about the job. With anything after the term
 * ("for a new driving licence holder") it may be another field's.
 */
const WHETHER_THE_JOB_HAS =
  /^\s*(is|will) there (be )?(a|an|any) (probation( period)?|(service |training )?bond|notice period|relocation( allowance| assistance| support)?|(night|rotational|rotating) shifts?)( (here|in this (role|job|position|company)|for this (role|job|position)|after joining))?\s*\??\s*$/i

/**
 * "You" of a procedure: "how do you price a bond", "what do you use for caching" ask how anyone
 * does it. Only a verb of the candidate's own stance ("how do you feel about night shifts", "how
 * would you handle a bond") or conduct ("how do you stay motivated?", "how do you balance work and
 * life?", "how do you work best?"; not "work out" a price) puts a how-question to them; their other
 * words ("your employer", "are you okay") still count.
 */
const OWN_STANCE_OR_CONDUCT = String.raw`(feel|handle|deal|cope|manage|see|view|think|rate|plan|intend|expect|justify|explain|describe|prefer|like|stay|keep|remain|balance|spend|work(?! out))`
const ANYONE_DOING_IT = new RegExp(
  String.raw`\bhow (do|can|could|would|should|will) you (?!${OWN_STANCE_OR_CONDUCT}\b)\w+|\bwhat (do|would|can|could|should) you use\b`,
  'gi',
)
/** The same in Hindi: "bond ko kaise price karte ho" asks how anyone prices one; "kaise manage karoge" is the candidate's. */
const ANYONE_DOING_IT_IN_HINDI = new RegExp(
  String.raw`\bkaise (?!${OWN_STANCE_OR_CONDUCT}\b)\w+ (kar(te|ti) (ho|hain)|karoge|karogi|karenge)\b`,
  'gi',
)

/**
 * A task of making a system: "design a rota for night shifts", "build a scheduler that assigns
 * rotational shifts", "can you design an app for…", "how would you schedule night shifts for nurses
 * in a hospital system". Its subject is a system that deals in a job's terms, not the candidate's
 * own job, so neither the "you" it is set to nor a term phrase in it ("night shifts", "background
 * verification") puts it to the candidate; the candidate's other words ("your", "willing") still do.
 * Only a system named after the verb, in the same clause, makes it one: "can you write code during
 * night shifts?" asks about the candidate's shifts.
 */
const TASK_VERB = String.raw`(design|build|implement|architect|code|program|write|model|develop|create|schedule|allocate|assign|automate|optimi[sz]e)`
const SYSTEM = String.raw`(rotas?|rosters?|apps?|applications?|schedulers?|services?|systems?|tools?|platforms?|portals?|databases?|schemas?|apis?|algorithms?|bots?|dashboards?|modules?|websites?|workflows?|pipelines?|software)`
const MAKES_A_SYSTEM = String.raw`${TASK_VERB}\b(?=[^?!;.]*\b${SYSTEM}\b)`
const SETS_A_TASK = new RegExp(
  String.raw`^\W*((so|now|okay|ok|please|next|then|let'?s|i want you to|we (need|want) to|you (need|have) to|(how|where) (do|can|could|would|should|will) you|(can|could|would|will) you( please)?)\s+)*${MAKES_A_SYSTEM}`,
  'i',
)
const YOU_SET_A_TASK = new RegExp(String.raw`\b(can|could|would|will) you( please)? ${MAKES_A_SYSTEM}`, 'gi')

/**
 * A word of a job's terms taken in another field's sense by the words that go with it: a linker's
 * relocation of symbols, a shift of bits or of a register, a bond between atoms or one with a
 * yield, a background check in a CI pipeline or a worker, a probation of parole or of a driving
 * licence, the offer of a queue or of a WebRTC session; relocating a container, a shard or a
 * database. Then no cue puts the question to the candidate: in "how do you handle relocation of
 * symbols in a linker" the "you" is anyone handling it.
 */
const IN_ANOTHER_FIELDS_SENSE: readonly (readonly [word: RegExp, companions: RegExp])[] = [
  [
    /\brelocat/i,
    /\b(symbols?|linker|loader|elf|object (files?|code)|sections?|segments?|pointers?|shared (librar(y|ies)|objects?)|dlls?|executables?|binar(y|ies)|position[- ]independent|load[- ]time|link[- ]time|plt|relocatable|assembler|load(ing|ed)?)\b|\brelocat\w* (entries|tables?|records?|types?)\b|\brelocat\w* of (the |a |an )?(code|data|memory|heap|stack|program|process|objects?|addresses)\b|\brelocat\w* (the |a |an |our |your |my )?(containers?|pods?|vms?|virtual machines?|shards?|partitions?|replicas?|databases?|tables?)\b/i,
  ],
  [
    /\bshift/i,
    /\b(bits?|bitwise|operators?|registers?|arithmetic|logical|signed|unsigned|integers?|cipher|shift[- ]reduce|(left|right) shifts?|shifts? (left|right))\b/i,
  ],
  [
    /\bbonds?\b/i,
    /\b(atoms?|molecul\w*|chemical|covalent|ionic|hydrogen|yields?|coupons?|maturity|treasury|interest rates?|portfolios?|invest(ing|ments?|ors?)?)\b/i,
  ],
  [/\bbackground (check|verification)/i, /\b(ci|pipelines?|threads?|workers?|daemons?|cron)\b/i],
  [/\bprobation( periods?)?/i, /\b(parole|offenders?|criminal|courts?|driv(ing|er)|licen[cs]e)\b/i],
  // A probation or a notice period a product or a system keeps for its users, keys or processes.
  [
    /\bprobation( periods?)?|\bnotice periods?\b/i,
    /\b(users|customers|subscribers|tenants|reminders?|notifications?|emails?|alerts?|fields?|columns?|tables?|schema|records?|api|endpoints?|scheduler|threads?|nodes?|replicas?|instances?|servers?|pods?|cache|caches|keys|segments?|circuit breakers?|canary|(new|child|background|worker) process(es)?|processes)\b/i,
  ],
  // A gap in data, in memory or between elements of a layout.
  [
    /\bgaps?\b/i,
    /\b(data|datasets?|values?|series|timestamps?|sensors?|logs?|rows?|columns?|memory|heap|array|elements?|sequences?|numbers?|flex\w*|grid|css|margins?|padding|pixels?|layout)\b/i,
  ],
  // A queue's offer, not "offers in the queue" a candidate is waiting on.
  [/\boffers?\b/i, /\b(poll|deque|sdp|webrtc)\b|\bqueue'?s offer|\boffers? (on|to|into) (\w+ )?queues?\b/i],
]

/** A term of employment the question names outright, whoever it is put to. */
const namesATermOutright = (question: string): boolean =>
  TERMS_OF_EMPLOYMENT.test(question) || WHETHER_THE_JOB_HAS.test(question)

/**
 * A companion makes the job's word another field's only in its own clause and within a few words
 * of it, articles aside: "relocation of symbols", "a probation flag in a parole database". Further
 * off it qualifies something else ("night shifts as a machine operator", "a background check? All
 * our workers…"). A term named outright ("notice period", "night shifts") is another field's only
 * with a companion right next to it ("a notice period reminder").
 */
const WORDS_AROUND = 3
const WORDS_AROUND_A_NAMED_TERM = 1

const clausesOf = (question: string): readonly string[] =>
  question.split(/[?!;,:]|\.(?=\s|$)/).map((clause) => clause.replace(/\b(a|an|the)\s+/gi, '').replace(/\s+/g, ' '))

const neighbourhoodsOf = (word: RegExp, wordsAround: number): RegExp =>
  new RegExp(String.raw`(\S+\s+){0,${wordsAround}}(${word.source})\S*(\s+\S+){0,${wordsAround}}`, 'gi')

const inAnotherFieldsSense = (question: string): boolean => {
  const wordsAround = namesATermOutright(question) ? WORDS_AROUND_A_NAMED_TERM : WORDS_AROUND
  return clausesOf(question).some((clause) =>
    IN_ANOTHER_FIELDS_SENSE.some(([word, companions]) =>
      [...clause.matchAll(neighbourhoodsOf(word, wordsAround))].some(([neighbourhood]) =>
        companions.test(neighbourhood),
      ),
    ),
  )
}

const isPutToTheCandidate = (question: string): boolean =>
  PUT_TO_THE_CANDIDATE.test(
    question.replace(ANYONE_DOING_IT, ' ').replace(ANYONE_DOING_IT_IN_HINDI, ' ').replace(YOU_SET_A_TASK, ' '),
  )

/**
 * The candidate speaking of themselves: "what if I do not clear the probation?", "will my bond be
 * refunded?". The first person is as often a developer's ("my linker fails", "how do I reverse a
 * linked list"), so it puts a question to the candidate only beside a word of the entry's subject
 * that only the job's entries name, and the "I" of a procedure ("how do I reverse…") is anyone's,
 * as the "you" of one is, though not what follows it ("how do I get my bond money back?").
 */
const FIRST_PERSON = /\b(i|i'm|i’m|im|i'd|i've|i'll|me|my|mine|myself)\b/i
const I_DOING_IT = new RegExp(
  String.raw`\bhow (do|can|could|would|should|will|to) i (?!${OWN_STANCE_OR_CONDUCT}\b)\w+|\bwhat (do|would|can|could|should) i use\b`,
  'gi',
)
const speaksOfTheirOwn = (question: string, subject: readonly string[]): boolean =>
  FIRST_PERSON.test(question.replace(I_DOING_IT, ' ')) && namesTheJobsOwnSubject(question, subject)

/** The entry's own subject, in its tags: Hindi, which leaves out whom it asks, names only this. */
const subjectOf = (entry: KbEntry): readonly string[] => entry.tags.filter((tag) => tag !== 'hr' && tag !== 'terms')

const namesATermOfEmployment = (question: string): boolean =>
  !SETS_A_TASK.test(question) && namesATermOutright(question)

/**
 * An entry on the terms and history of a job (tagged "hr": a service bond, a probation, shifts, an
 * office, a counter-offer) answers only a question put to the candidate or naming a term of
 * employment; without them the same words belong to another field ("a bond and a stock",
 * "probation for a new driver", "the shift operator").
 */
const isAboutTheJob = (entry: KbEntry): boolean => entry.tags.includes('hr')

/**
 * Whether the entry may answer the question: any entry, except an "hr" one for a question that
 * takes the job's words in another field's sense, or is neither put to the candidate, nor names a
 * term of employment, nor has the candidate speak of the entry's subject as their own, nor is a
 * Hindi question naming only the entry's subject.
 */
export const mayAnswer = (entry: KbEntry, question: string): boolean =>
  !isAboutTheJob(entry) ||
  (!inAnotherFieldsSense(question) &&
    (isPutToTheCandidate(question) ||
      namesATermOfEmployment(question) ||
      speaksOfTheirOwn(question, subjectOf(entry)) ||
      asksInHindiOfNothingBut(question, subjectOf(entry))))
