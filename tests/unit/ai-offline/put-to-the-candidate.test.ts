import { beforeAll, describe, expect, it } from 'vitest'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { personalQuestionEntry } from '#server/ai/offline/answer/personal-question.ts'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'

// The index is built on first use: here, outside any test's time limit.
beforeAll(() => {
  knowledgeIndex()
})

const answeredFrom = (question: string): string | undefined => {
  const answer = answerQuestion({ question, history: [] })
  return answer.source === 'knowledge-base' ? answer.matches[0]?.id : undefined
}

const isAboutTheJob = (id: string | undefined): boolean =>
  id === undefined ? false : (findEntry(id)?.tags.includes('hr') ?? false)

describe('entries on the terms of a job', () => {
  it.each([
    // A word of the job's terms taken in another field's sense by the words it goes with,
    // even after a "how do you handle" that would otherwise put it to the candidate.
    'how do you handle relocation of symbols in a linker',
    'how would you handle relocations when loading a shared library',
    'what happens during relocation of code in position independent executables',
    'how do you deal with relocation entries in an ELF file',
    'how do you handle the bond between two atoms in a molecule simulation',
    'how do you handle a probation flag in a parole database',
    'how would you handle an arithmetic shift of a signed register',
    'do you know how to relocate a container to another node',
    'have you relocated a database to a new region',
    'how would you handle a background check in your CI pipeline',
    // A task of making a system that deals in the job's terms: the system is the subject.
    'design a rota for night shifts in a hospital',
    'how would you schedule night shifts for nurses in a hospital system',
    'build a scheduler that assigns rotational shifts to staff',
    'can you design an app for managing night shift rosters',
    'how would you design a background verification service',
    // Notice as a notification and offer as a protocol's step did not reach them before either.
    'how would you design a notice board for a college',
    'explain offer and acceptance in a contract protocol',
    'how do you handle the SDP offer and answer in WebRTC',
  ])('are not reached by a technical question that uses their words: %s', (question) => {
    expect(isAboutTheJob(answeredFrom(question))).toBe(false)
    expect(personalQuestionEntry(question)).toBeNull()
  })

  it.each([
    ['are you open to relocation', 'beh-relocation'],
    ['are you fine with night shifts', 'beh-shift-work'],
    ['would you be okay relocating to Chennai', 'beh-relocation'],
    ['is relocation possible for you', 'beh-relocation'],
    ['how would you handle relocation to a new city', 'beh-relocation'],
    ['how do you handle night shifts', 'beh-shift-work'],
    ['can you work in rotational shifts', 'beh-shift-work'],
    ['how would you manage night shifts along with your studies', 'beh-shift-work'],
    ['can you join on short notice', 'beh-notice-period'],
    ['do you have an offer in hand', 'beh-other-offers'],
    ['can you relocate to Mumbai', 'beh-relocation'],
    ['How long does the background verification process take here?', 'beh-background-verification'],
    ['are you okay with a hybrid setup', 'beh-work-from-office'],
  ])('are still reached by a question put to the candidate: %s', (question, expected) => {
    expect(answeredFrom(question)).toBe(expected)
  })

  it.each([
    // Another field's word elsewhere in the question, not next to the job's word, takes nothing
    // from an explicit term of employment or the candidate's own "you".
    ['Have you signed any bond with your current employer, and can you work rotational shifts?', 'beh-shift-work'],
    ['Are you comfortable working night shifts as a machine operator?', 'beh-shift-work'],
    ['Are you okay with a background check? All our workers go through one.', 'beh-background-verification'],
    ['Do you have other offers in the queue right now?', 'beh-other-offers'],
    // "Can you write" sets no task without a system to make.
    ['Can you write code during night shifts?', 'beh-shift-work'],
  ])("are reached though another field's word is elsewhere in the question: %s", (question, expected) => {
    expect(answeredFrom(question)).toBe(expected)
  })
})

describe('Hinglish questions on the terms and history of a job', () => {
  it.each([
    // The candidate carried by a Hindi pronoun or a verb form of the person asked, or left out
    // as Hindi leaves it out, the question naming nothing but the term.
    ['2023 mein aapne kaam kyun nahi kiya?', 'beh-career-gap'],
    ['2022 ke baad kaam kyun nahi kiya?', 'beh-career-gap'],
    ['Pichle saal gap kyun tha?', 'beh-career-gap'],
    ['Do saal ka gap kyun hai?', 'beh-career-gap'],
    ['Career gap kyun hai?', 'beh-career-gap'],
    ['Gap ke time kya kar rahe the?', 'beh-career-gap'],
    ['Graduation ke baad gap kyun liya?', 'beh-gap-after-graduation'],
    ['Aap relocate kar sakte ho?', 'beh-relocation'],
    ['Relocate kar sakte ho?', 'beh-relocation'],
    ['Notice period kitna hai aapka?', 'beh-notice-period'],
    ['Probation kitne mahine ka hai?', 'beh-probation'],
    ['Shifts mein kaam kar sakte ho?', 'beh-shift-work'],
  ])('are put to the candidate: %s', (question, expected) => {
    expect(answeredFrom(question)).toBe(expected)
  })

  it.each([
    // A gap in data, memory or a layout; a bond or a shift of another field; a definition.
    'Pichle saal data mein gap kyun tha?',
    'Aapke data mein gap kyun hai?',
    'Time series mein gap kaise fill karoge?',
    'Memory mein gap kyun hota hai?',
    'Flexbox mein gap kyun nahi aa raha?',
    'Gap kya hai?',
    'Bond kya hota hai?',
    'Bond aur stock mein kya fark hai?',
    'Bits ko left shift kar sakte ho?',
    'Linker symbols ko relocate kar sakte ho?',
    'Bond ko kaise price karte ho?',
    'Kaam kyun nahi kar raha?',
    'Code ne kaam kyun nahi kiya?',
    // How a thing happens, said with Hindi function words.
    'Shift kaise hota hai?',
  ])("are not reached by another field's question in Hinglish: %s", (question) => {
    expect(isAboutTheJob(answeredFrom(question))).toBe(false)
    expect(personalQuestionEntry(question)).toBeNull()
  })
})

describe('Hinglish questions naming one word of an HR entry', () => {
  it.each([
    // How or when a thing happens is anyone's.
    ['Transition kab hota hai?', 'beh-career-switch'],
    ['Shift kaise hota hai?', 'beh-shift-work'],
    // A word other fields name too, with no time of one's life: anyone's drive or manager.
    ['Drive kab hai?', 'beh-motivation'],
  ])('are not confidently answered from it: %s', (question, wrong) => {
    const result = answerQuestion({ question })
    expect(result.matches[0]?.id === wrong && result.confidence >= CONFIDENCE_THRESHOLD).toBe(false)
  })

  it.each([
    // Only the job names these: said in Hindi they are put to the candidate.
    ['Bond kitne saal ka hai?', 'beh-service-bond'],
    ['Probation kab khatam hogi?', 'beh-probation'],
  ])('are put to the candidate when only the job names the word: %s', (question, expected) => {
    expect(answeredFrom(question)).toBe(expected)
  })
})

describe('a term of a job used of a product or a system', () => {
  it.each([
    'send a notice period reminder to users',
    'the probation period of a new process in your scheduler',
    'add a notice period field to the employee table',
    'how long is the probation period of a new replica before it takes traffic',
    'your cache keeps a probation segment for new keys, why?',
  ])('reaches no HR entry: %s', (question) => {
    expect(isAboutTheJob(answeredFrom(question))).toBe(false)
    expect(personalQuestionEntry(question)).toBeNull()
  })

  it.each([
    ['what is your notice period', 'beh-notice-period'],
    ['can you buy out your notice period?', 'beh-notice-period'],
    ['how long is the probation period here?', 'beh-probation'],
    ['are you okay with the probation process here?', 'beh-probation'],
  ])("leaves the job's own term to its entry: %s", (question, expected) => {
    expect(answeredFrom(question)).toBe(expected)
  })
})

describe('the candidate asking about a term of their own job, in the first person', () => {
  it.each([
    ['What happens if I fail to clear my probation?', 'beh-probation'],
    ['Do I get my bond money back if I resign in the first year?', 'beh-service-bond'],
    ['Do I need to sign a bond?', 'beh-service-bond'],
    // The "I" of a procedure is anyone's, but the bond after it is still the candidate's own.
    ['How do I get my bond money back?', 'beh-service-bond'],
    ['Will my relocation be paid for?', 'beh-relocation'],
    ['Is my appraisal done every year?', 'beh-appraisal'],
  ])('"%s" is answered from %s', (question, expected) => {
    expect(answeredFrom(question)).toBe(expected)
  })
})

describe('the first person of another field', () => {
  it.each([
    'My linker fails with undefined symbols',
    'How do I reverse a linked list?',
    // The "I" of a procedure, and a bond of finance.
    'How do I price my bond portfolio?',
    'Why is my app slow after I switch tabs?',
    'My health check endpoint keeps failing, why?',
    'I keep getting a gap between my flex items',
    'Why does my shift operator give negative numbers?',
    'How do I relocate my pods to another node?',
    'Can I get feedback on my code?',
  ])('reaches no entry on the terms of a job: %s', (question) => {
    expect(isAboutTheJob(answeredFrom(question))).toBe(false)
  })
})
