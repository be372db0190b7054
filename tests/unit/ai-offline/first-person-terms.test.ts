import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

const answeredFrom = (question: string): string | undefined => {
  const answer = answerQuestion({ question, history: [] })
  return answer.source === 'knowledge-base' ? answer.matches[0]?.id : undefined
}

const isAboutTheJob = (id: string | undefined): boolean =>
  id === undefined ? false : (findEntry(id)?.tags.includes('hr') ?? false)

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
