import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { aboutTheCandidateProbability, registerAgreementOf } from '#server/ai/offline/search/question-register.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe("a question's register: put to the candidate about themselves, or about a subject", () => {
  it.each([
    'Walk me through the worst outage you were part of and what you personally did.',
    'Have you ever had to tell your lead that a date was not going to hold?',
    'Pichli company mein aapka sabse mushkil din kaunsa tha?',
    'What pay are you hoping for in this move?',
    'Why would you pick us over the other places you are talking to?',
    // The candidate asking about their own job: the first person is about them too.
    'Will I get a relocation allowance if I move?',
  ])('reads "%s" as put to the candidate', (question) => {
    expect(aboutTheCandidateProbability(question)).toBeGreaterThan(0.9)
  })

  it.each([
    'How would you build a service that shortens long links?',
    'How do you find the middle node of a singly linked list?',
    'What happens when you open a website in the browser, step by step?',
    'How do you stop two requests from booking the same seat twice?',
    'Promise aur callback mein kya fark hai?',
    'My component renders twice on every click, why?',
  ])('reads "%s", which says "you" too, as about a subject', (question) => {
    expect(aboutTheCandidateProbability(question)).toBeLessThan(0.1)
  })

  it.each([
    // Few words only HR lines use: "paid" and "salary" must outweigh "is", "the", "with" and "first",
    // which lean to the subject lines (0.41 when smoothed by adding one and no line said "bonus").
    'Is my joining bonus paid with the first salary?',
    'Will the sign-on amount be credited in my first pay?',
    'When do I get my first increment after joining?',
    'Will the company pay for my flight when I move cities?',
  ])('reads "%s", an HR question in few HR words, as put to the candidate', (question) => {
    expect(aboutTheCandidateProbability(question)).toBeGreaterThan(0.9)
  })

  it.each([
    "How would you design the payroll service's bonus calculation?",
    "Write a SQL query that adds each employee's bonus to their salary.",
    'Design a system that pays salaries to a million employees on the first of every month.',
  ])('reads "%s", which names pay or a bonus, as about a subject', (question) => {
    expect(aboutTheCandidateProbability(question)).toBeLessThan(0.5)
  })

  it.each([
    'Binary search ek example ke saath samjhao.',
    'Deadlock kya hota hai, agar do threads ek doosre ka wait karein?',
  ])(
    'reads "%s" as about a subject: Hindi postpositions and particles ("ke saath", "agar") name nothing, though only HR lines use them',
    (question) => {
      expect(aboutTheCandidateProbability(question)).toBeLessThan(0.5)
    },
  )

  it("gives an entry the probability of its own side: the candidate's for a story or their terms, the subject's for the rest", () => {
    const story = findEntry('beh-failure')
    const concept = findEntry('ds-heap')
    if (story === undefined || concept === undefined) throw new Error('entries missing')
    expect(registerAgreementOf(story, 0.9)).toBeCloseTo(0.9)
    expect(registerAgreementOf(concept, 0.9)).toBeCloseTo(0.1)
  })

  it('is evidence the confidence reads for every candidate', () => {
    const result = findAnswers('Tell me about a time you failed or made a mistake.')
    const top = result.matches[0]
    expect(top?.entry.category).toBe('behavioural')
    expect(top?.evidence.registerAgreement).toBeGreaterThan(0.9)
  })

  it.each([
    // Strengths and weaknesses asked as a list: the words of a consistency model's three guarantees.
    'Give me three things you are strong at and one thing you are still working on.',
    // Other interviews in progress: "process" and "somewhere else" are memory words too.
    'Is this the only company you are talking to, or are you in process somewhere else also?',
  ])('does not answer "%s", put to the candidate, from a technical entry that shares its words', (question) => {
    const result = answerQuestion({ question })
    const answered = result.source === 'knowledge-base' ? findEntry(result.matches[0]?.id ?? '') : undefined
    expect(answered?.category ?? 'behavioural').toBe('behavioural')
  })
})
