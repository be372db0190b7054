import { beforeAll, describe, expect, it } from 'vitest'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { personalQuestionEntry } from '#server/ai/offline/answer/personal-question.ts'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'

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
})
