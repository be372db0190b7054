import type { QuestionType } from './classify.ts'

export type QuestionFramework = {
  name: string
  approach: readonly string[]
  clarifyingQuestions: readonly string[]
  steps: readonly string[]
}

/** How to answer each kind of interview question when there is no model answer to lean on. */
export const frameworks: Readonly<Record<QuestionType, QuestionFramework>> = {
  technical: {
    name: 'Define → Explain → Example → Trade-offs',
    approach: [
      'Open with a one-sentence definition in plain words.',
      'Explain how it works, one level deeper than the definition.',
      'Give a concrete example, ideally from a project you worked on.',
      'Name the trade-offs or alternatives and when you would choose each.',
      'Close by checking whether the interviewer wants more depth on any part.',
    ],
    clarifyingQuestions: [
      'Should I focus on the concept itself or on how we would use it in your stack?',
      'Is there a particular scale, language or framework you have in mind?',
      'Would a short example from my own experience be useful here?',
    ],
    steps: ['Definition', 'How it works', 'Example', 'Trade-offs and alternatives', 'When to use it'],
  },
  behavioural: {
    name: 'STAR (Situation, Task, Action, Result)',
    approach: [
      'Pick one real, specific story rather than talking in generalities.',
      'Set the scene in two sentences (Situation) and state what you were responsible for (Task).',
      'Spend most of the time on what you personally did (Action); say "I", not only "we".',
      'End with a measurable outcome and what you learned (Result).',
      'Keep it to about two minutes.',
    ],
    clarifyingQuestions: [
      'Would you like an example from my most recent role, or any point in my career?',
      'Should I focus on the technical side or the people side of the situation?',
    ],
    steps: [
      'Situation: the context in one or two sentences',
      'Task: your goal or responsibility',
      'Action: the steps you took and why',
      'Result: the outcome, ideally with a number, and the lesson',
    ],
  },
  'system-design': {
    name: 'Requirements → Estimates → API → Data → Architecture → Deep dive → Trade-offs',
    approach: [
      'Clarify functional and non-functional requirements before drawing anything.',
      'Estimate scale: users, requests per second, data size, read/write ratio.',
      'Define the main API calls and the data model.',
      'Sketch the high-level architecture, then deep-dive into the hardest component.',
      'Discuss bottlenecks, failure modes and trade-offs explicitly.',
    ],
    clarifyingQuestions: [
      'Who are the users and what are the core features for the first version?',
      'What scale should I design for: daily active users, peak requests per second, data growth?',
      'What matters most: latency, availability, consistency or cost?',
      'Are there constraints such as an existing stack, regions or compliance?',
    ],
    steps: [
      'Requirements',
      'Capacity estimates',
      'API and data model',
      'High-level design',
      'Deep dive',
      'Scaling and failure handling',
      'Trade-offs',
    ],
  },
  coding: {
    name: 'Clarify → Examples → Brute force → Optimise → Code → Test',
    approach: [
      'Restate the problem and confirm inputs, outputs and constraints.',
      'Work through a small example by hand, including an edge case.',
      'Describe a brute-force solution and its complexity first.',
      'Improve it with a fitting pattern: hashing, two pointers, sliding window, sorting, a heap, BFS/DFS or dynamic programming.',
      'Code it cleanly, test it on your examples, and state time and space complexity.',
    ],
    clarifyingQuestions: [
      'How large can the input be, and what are the value ranges?',
      'Can the input be empty, contain duplicates or negative numbers?',
      'Is the input sorted, and may I modify it in place?',
      'Should I optimise for time or for memory?',
    ],
    steps: [
      'Clarify the problem',
      'Examples and edge cases',
      'Brute force and its complexity',
      'Optimised approach',
      'Code',
      'Test and state complexity',
    ],
  },
}

/**
 * How to answer a question about terms of employment (other offers, office attendance, bonds)
 * that no entry covers: where you stand and a phrasing, as the salary and notice-period entries
 * do, never a definition or a story.
 */
export const termsFramework: QuestionFramework = {
  name: 'the form for terms of employment: where you stand → a phrasing → a question back',
  approach: [
    'Say where you stand in one honest sentence you will not have to take back later.',
    'Add the condition or flexibility that matters to you, without negotiating every detail now.',
    'Ask one question back so the recruiter states their side (the policy, the timeline, the range).',
    'Keep it short and friendly: this is about terms, not about your projects.',
  ],
  clarifyingQuestions: [
    'What is the usual arrangement for this team?',
    'Is there any flexibility on this, or is it fixed policy?',
  ],
  steps: [
    'Where you stand, in one honest sentence',
    'The condition or flexibility that matters to you',
    'A question back about their policy or timeline',
  ],
}

/**
 * How to answer a question about the candidate's motives and plans that no entry covers (why this
 * company, why a move, how they see the job's terms): a reason and where they stand, tied to this
 * job, and a question back; never a definition or a story.
 */
export const plansFramework: QuestionFramework = {
  name: 'the form for motives and plans: your stand → the fit → a question back',
  approach: [
    'Give your reason or where you stand in one honest sentence, without a complaint about anyone.',
    'Tie it to this job: what in the role, the team or the company fits what you have done and want next.',
    'Ask one question back about their side (the team, the policy, the timeline).',
    'Keep it short: this is about you and the job, not a project story.',
  ],
  clarifyingQuestions: [
    'What does success in this role look like in the first six months?',
    'Is there any flexibility on this, or is it fixed policy?',
  ],
  steps: [
    'Your reason or where you stand, in one honest sentence',
    'Why it fits this job and what you bring to it',
    'A question back about their side',
  ],
}

/**
 * A question that points back ("which one is better?", "how would you scale it?") asked first in a
 * session: what it points at was said before anything was heard, so no entry can be trusted for
 * it and the honest answer is to ask.
 */
export const pointsBackFramework: QuestionFramework = {
  name: 'a question back, because it refers to something said before',
  approach: [
    'Say in a few words that you want to answer the right thing.',
    'Name what you think they mean and ask them to confirm it.',
    'Once they confirm it, answer that subject as usual.',
  ],
  clarifyingQuestions: [
    'Just to be sure, which one do you mean?',
    'Could you say which part you would like me to go into?',
  ],
  steps: ['Ask what it refers to', 'Confirm the subject in their words', 'Then answer that subject'],
}
