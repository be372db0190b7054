import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { needsPreviousQuestion, setsBesidePrevious } from '#server/ai/offline/answer/follow-up.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

const after = (previous: string, question: string) =>
  answerQuestion({ question, history: [{ question: previous, answer: '…' }] })

/** The question names its own subject: answered alone, from the expected entry. */
function expectNewQuestion(previous: string, question: string, expected: string) {
  expect(needsPreviousQuestion(question, previous)).toBe(false)
  const result = after(previous, question)
  expect(result.answer).not.toContain('Following up on')
  expect(result.matches[0]?.id).toBe(expected)
  return result
}

/** The question needs the previous one: read in its light, answered from the expected entry. */
function expectFollowUp(previous: string, question: string, expected: string) {
  expect(needsPreviousQuestion(question, previous)).toBe(true)
  const result = after(previous, question)
  expect(result.answer).toContain(`Following up on: ${previous}`)
  expect(result.matches[0]?.id).toBe(expected)
}

/** Questions that look like follow-ups (a "this", an "and", a short opener) but name their own subject. */
const notFollowUps: [previous: string, question: string, expected: string][] = [
  ['How would you design a chat system?', 'Can you explain how this keyword works in JavaScript?', 'js-this'],
  ['Tell me about yourself', 'Why do you want this role at Globex?', 'beh-why-company'],
  ['What is a closure?', 'And what is the difference between TCP and UDP?', 'net-tcp-vs-udp'],
  ['How does a hash map work?', 'That makes sense. How does a CDN work?', 'sd-cdn'],
  ['How does useEffect work?', 'Ok, what is database sharding?', 'sd-sharding'],
  ['What are your salary expectations?', 'Fine. Would you relocate to Pune for this job?', 'beh-relocation'],
]

/** Questions that cannot be understood alone: a pronoun with nothing to point at, or an ellipsis. */
const followUps: [previous: string, question: string, expected: string][] = [
  ['How does merge sort work?', 'And why?', 'algo-merge-sort'],
  ['How would you design a chat system like WhatsApp?', 'How would you scale it?', 'sd-chat-system'],
  ['What is the difference between a process and a thread?', 'What about the second one?', 'sd-process-vs-thread'],
  ["How does Dijkstra's algorithm work?", 'What is its complexity?', 'algo-dijkstra'],
  ['Tell me about a production incident you handled.', 'What would you do differently?', 'beh-production-incident'],
  ['What is a trie?', 'Any disadvantages?', 'ds-trie'],
  // A pronoun with nothing to point at and one word of its own: the pronoun is the subject.
  ['How does DNS work?', 'Is this secure?', 'net-dns'],
  ['What is a B-tree?', 'Why is it used by databases?', 'ds-b-tree'],
  ['What is a JWT?', 'Can we use it in production?', 'net-jwt'],
]

/** A pronoun that is not the subject: "this" before a noun, or "it" in a question that names its own subject. */
const pronounsThatNameNoSubject: [previous: string, question: string, expected: string][] = [
  ['How does DNS work?', 'What is this useMemo hook?', 'react-usememo-usecallback'],
  ['What is Kafka?', 'Is it possible to sort in linear time?', 'algo-counting-radix-sort'],
  ['What is a JWT?', 'What is Docker and why do we use it?', 'ops-docker'],
]

describe('a follow-up only when the question cannot be understood alone', () => {
  it.each(notFollowUps)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expect(expectNewQuestion(previous, question, expected).source).toBe('knowledge-base')
  })

  it.each(pronounsThatNameNoSubject)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expectNewQuestion(previous, question, expected)
  })

  it.each(followUps)('after "%s", "%s" follows up', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it('answers "why this role" after "tell me about yourself" with the motivation, not the introduction again', () => {
    const context = {
      resume: 'Software Engineer at Initech (2020 – present)\n- Built the billing API in Go\nSkills: Go, PostgreSQL',
      role: 'Backend Engineer',
      jobDescription: 'Globex builds payment APIs in Go.',
    }
    const intro = answerQuestion({ question: 'Tell me about yourself', context })
    const why = answerQuestion({
      question: 'Why do you want this role at Globex?',
      context,
      history: [{ question: 'Tell me about yourself', answer: intro.answer }],
    })
    expect(why.matches[0]?.id).toBe('beh-why-company')
    expect(why.answer).not.toBe(intro.answer)
  })
})

/** Follow-ups worded the way interviewers in India say them, each kind once missed. */
const spokenFollowUps: [kind: string, previous: string, question: string, expected: string][] = [
  ['a Hindi pronoun points back', 'What is a trie?', 'iske drawbacks kya hain?', 'ds-trie'],
  ['a Hindi pronoun points back', 'How does quicksort work?', 'iska worst case kya hai?', 'algo-quicksort'],
  [
    'a Hindi pronoun in another case points back',
    'What is a message queue?',
    'Uspe retry kaise karoge?',
    'sd-message-queues',
  ],
  // The verb is Hindi (decision 0157), so the pronoun adds one word of its own.
  [
    'a Hindi pronoun with a Hindi verb points back',
    'What is database sharding?',
    'Ispe joins kaise chalenge?',
    'sd-sharding',
  ],
  [
    'a pronoun after two words of its own',
    'What is a message queue?',
    'how will you monitor it in production?',
    'sd-message-queues',
  ],
  [
    'a pronoun after two words of its own',
    'How do you reverse a string?',
    'now do it without extra space',
    'algo-reverse-string',
  ],
  ['"there" stands for the subject', 'What is Kafka?', 'how are messages ordered there?', 'sd-kafka'],
  ['"instead" stands for the subject', 'Explain breadth-first search.', 'why not a stack instead?', 'algo-bfs-vs-dfs'],
  [
    'a condition on the previous question',
    'How do you find two numbers that sum to a target?',
    'what if the array is sorted?',
    'algo-two-sum',
  ],
  [
    'a condition on the previous question',
    'How would you design a URL shortener?',
    'what if we get millions of users?',
    'sd-url-shortener',
  ],
  [
    '"same thing" stands for the subject',
    'How does throttling work in JavaScript?',
    'same thing in React?',
    'js-debounce-throttle',
  ],
]

/** Questions with the same openings that name their own subject. */
const ownSubjects: [previous: string, question: string, expected: string][] = [
  ['What is a mutex?', 'Is there a difference between TCP and UDP?', 'net-tcp-vs-udp'],
  ['How does useEffect work?', 'Same thing with useLayoutEffect?', 'react-uselayouteffect'],
  ['What is Docker?', 'Why not a virtual machine instead of a container?', 'ops-docker-vs-vm'],
  ['What is Docker?', 'And if a container crashes, what does Kubernetes do?', 'ops-kubernetes'],
]

describe('follow-ups as interviewers say them', () => {
  it.each(spokenFollowUps)('%s: after "%s", "%s" follows up', (_kind, previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it.each(ownSubjects)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expectNewQuestion(previous, question, expected)
  })
})

describe('a choice among the options just named (decision 0140)', () => {
  it('reads "which one …?" after two options as their follow-up', () => {
    expectFollowUp(
      'What is the difference between SQL and NoSQL?',
      'Which one would you use for a bank?',
      'sql-vs-nosql',
    )
  })

  it('reads the Hinglish "kaunsa" the same way, in one question after its options', () => {
    expect(needsPreviousQuestion('Bank ke liye kaunsa use karenge?')).toBe(true)
    const result = answerQuestion({
      question: 'SQL aur NoSQL mein kya farak hai? Bank ke liye kaunsa use karenge?',
    })
    expect(result.matches[0]?.id).toBe('sql-vs-nosql')
  })

  it.each([
    ['Which one is better, REST or GraphQL?', 'net-rest-vs-graphql'],
    ['Which one is better for caching, Redis or Memcached?', 'sd-distributed-cache'],
    ['Which of Redis and Memcached is faster?', 'sd-distributed-cache'],
    ['Which one is faster between Redis and Memcached?', 'sd-distributed-cache'],
  ])('keeps a choice that names its options a question of its own: %s', (question, expected) => {
    expectNewQuestion('What is a CDN?', question, expected)
  })

  it.each(['Which of the two is faster?', 'Which of them would you pick?'])(
    'reads a choice "of" what was named before as a follow-up: %s',
    (question) => {
      expectFollowUp('Redis or Memcached for a cache?', question, 'sd-distributed-cache')
    },
  )
})

describe('the cost of a named thing', () => {
  it.each([
    ['How does merge sort work?', 'What is the time complexity of quicksort?', 'algo-quicksort'],
    ['How does a hash map work?', "What is the runtime complexity of Dijkstra's algorithm?", 'algo-dijkstra'],
  ])('after "%s", "%s" is answered from the thing\'s own entry, not Big O', (previous, question, expected) => {
    expect(answerQuestion({ question }).matches[0]?.id).toBe(expected)
    expect(after(previous, question).matches[0]?.id).toBe(expected)
  })

  it('keeps a word of a named phrase in the subject, though alone it asks for an aspect ("quick" in "quick sort")', () => {
    expect(answerQuestion({ question: 'what is the worst case of quick sort' }).matches[0]?.id).toBe('algo-quicksort')
  })

  it('a general question about complexity keeps the general entry', () => {
    expect(answerQuestion({ question: 'What is time complexity?' }).matches[0]?.id).toBe('algo-big-o')
  })
})

/**
 * The previous question put in another context: a language, framework, database or platform is
 * where the same thing is asked, not a subject of its own ("same thing in Python?").
 */
const inAnotherContext: [previous: string, question: string, expected: string][] = [
  ['How do you reverse a string in place?', 'same thing in Python?', 'algo-reverse-string'],
  ['How do you find duplicate rows in SQL?', 'and for MongoDB?', 'sql-find-duplicates'],
  ['How do you find the second highest salary?', 'aur MySQL mein?', 'sql-second-highest-salary'],
  ['How do you write a Dockerfile?', 'same for a Django app?', 'ops-dockerfile-best-practices'],
]

/** The same short shapes whose word names a subject of its own, or that ask about the context itself. */
const contextShapesWithOwnSubjects: [previous: string, question: string, expected: string][] = [
  ['What makes an API RESTful?', 'What about GraphQL?', 'net-rest-vs-graphql'],
  ['How do you prevent XSS?', 'And for CSRF?', 'net-csrf'],
  ['What is sharding?', 'What is MongoDB?', 'sql-document-database'],
]

describe('the same question in another context', () => {
  it.each(inAnotherContext)('after "%s", "%s" follows up', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it.each(contextShapesWithOwnSubjects)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expectNewQuestion(previous, question, expected)
  })

  it.each(['Do you know Python?', 'Have you worked with Java?'])('"%s" asks about the context itself', (question) => {
    expect(needsPreviousQuestion(question)).toBe(false)
  })
})

/** Follow-ups whose pointer carries more words of its own, each kind once missed. */
const widerFollowUps: [kind: string, previous: string, question: string, expected: string][] = [
  [
    'a pronoun as the object',
    'Explain the singleton pattern.',
    'how would you make it thread-safe?',
    'swd-design-patterns',
  ],
  [
    'a pronoun as the object',
    'How does a rate limiter work?',
    'how would you make it work across data centres?',
    'sd-rate-limiter',
  ],
  [
    'one of the two just named',
    'What is the difference between TCP and UDP?',
    'which one would you pick for online gaming?',
    'net-tcp-vs-udp',
  ],
  [
    'a look back at the story',
    'Tell me about a time you missed a deadline.',
    'in hindsight, what would you change?',
    'beh-missed-deadline',
  ],
  [
    'a look back at the story',
    'Describe a conflict with a teammate.',
    'so what was the final result?',
    'beh-conflict-teammate',
  ],
]

describe('follow-ups with more words of their own', () => {
  it.each(widerFollowUps)('%s: after "%s", "%s" follows up', (_kind, previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })
})

describe('a follow-up of a question about the candidate', () => {
  it('is answered from the entry the previous question was answered from', () => {
    const previous = 'What CTC are you expecting from us?'
    expect(answerQuestion({ question: previous }).matches[0]?.id).toBe('beh-salary-expectations')
    expectFollowUp(previous, 'is that negotiable?', 'beh-salary-expectations')
  })
})

/** A demonstrative last in the question stands for what was just asked, a term of the job or a technical subject. */
const endingOnThat: [previous: string, question: string, expected: string][] = [
  ['What CTC are you looking for?', 'Is there any flexibility on that?', 'beh-salary-expectations'],
  ['Can you relocate to Hyderabad?', 'Would you need any support for that?', 'beh-relocation'],
  ['How does the TCP three-way handshake work?', 'Is there any flexibility on that?', 'net-tcp-handshake'],
]

/** A term of the job named alone, carrying on from a question about the job: put to the candidate by it. */
const termsCarriedOn: [previous: string, question: string, expected: string][] = [
  ['Are you okay with night shifts?', 'What about relocation?', 'beh-relocation'],
  ['Can you relocate to Hyderabad?', 'What about shifts?', 'beh-shift-work'],
  ['What CTC are you expecting?', 'And the bond?', 'beh-service-bond'],
  ['What is your notice period?', 'And is there a probation?', 'beh-probation'],
  ['Can you relocate to Hyderabad?', 'And travel?', 'beh-travel'],
]

/** The same words after a technical question, or asked alone: another field's, never an HR entry. */
const termsInAnotherField: [previous: string | null, question: string][] = [
  ['What does a linker do?', 'What about relocation?'],
  ['How do bitwise operators work?', 'And shifts?'],
  ['How does TLS choose a cipher suite?', 'Is that negotiable?'],
  [null, 'What about relocation?'],
  [null, 'And the bond?'],
  // After a question about the job, a question naming its own subject in another field.
  ['Are you okay with night shifts?', 'OK, what does a bitwise left shift do?'],
  ['What is your notice period?', 'And how does a linker handle relocation of symbols?'],
]

describe('a follow-up of a question about the job', () => {
  it.each(endingOnThat)('after "%s", "%s" follows up', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it('"and if not, what then?" after a relocation question is about relocating', () => {
    expectFollowUp('Can you relocate to Hyderabad?', 'And if not, what then?', 'beh-relocation')
  })

  it.each([
    ['Would you sign a two-year service bond?', 'And if you leave early?', 'beh-service-bond'],
    ['Is there a training bond?', 'What if I quit before it ends?', 'beh-service-bond'],
    ['Are you okay with a six-month probation?', 'And if you leave early?', 'beh-probation'],
  ])('a bare condition after "%s" ("%s") is about that term, not job-hopping', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it.each([
    ['How does a hash map work?', 'What if you get a counter offer?', 'beh-counter-offer'],
    ['What is a deadlock?', 'What if we ask you to relocate?', 'beh-relocation'],
    ['What is a binary search tree?', 'What if you have to work night shifts?', 'beh-shift-work'],
    ['What is normalization?', 'What if there is a gap in your resume?', 'beh-career-gap'],
  ])(
    'a condition put to the candidate after a technical question ("%s") is a new question: %s',
    (previous, question, expected) => {
      expectNewQuestion(previous, question, expected)
    },
  )

  it.each(['Why did you leave so early?', 'You changed jobs so often, why?'])(
    'a question on leaving early, not a condition, is still about job-hopping: %s',
    (question) => {
      expect(after('Would you sign a two-year service bond?', question).matches[0]?.id).toBe('beh-frequent-job-changes')
    },
  )

  it.each(termsCarriedOn)('after "%s", "%s" is answered from the term\'s entry', (previous, question, expected) => {
    const result = after(previous, question)
    expect(result.matches[0]?.id).toBe(expected)
    expect(result.source).toBe('knowledge-base')
  })

  it.each(termsInAnotherField)('after "%s", "%s" reaches no HR entry', (previous, question) => {
    const result = previous === null ? answerQuestion({ question }) : after(previous, question)
    expect(result.matches[0]?.id ?? 'none').not.toMatch(/^beh-/)
  })
})

/** A follow-up that names a subject of its own and sets it beside the previous one: answered from the entry on both. */
const setBeside: [previous: string, question: string, expected: string][] = [
  ['How does useEffect work?', 'and useLayoutEffect, does it run at the same time?', 'react-uselayouteffect'],
  ['What is a process?', 'and a thread, does it also have its own memory?', 'sd-process-vs-thread'],
]

describe('a subject set beside the previous one', () => {
  it.each(setBeside)('after "%s", "%s" is answered from the entry on both', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  // Its words are read as the follow-up's: "React" the framework is a subject, an opening that
  // looks back at the story is not.
  it.each([...setBeside.map(([, question]) => question), 'and React, does it do the same?'])(
    '"%s" names a subject and sets it beside the previous one',
    (question) => {
      expect(setsBesidePrevious(question)).toBe(true)
    },
  )

  it.each([
    'Looking back, would you do it the same way?',
    'In hindsight, was it the same for the team too?',
    'does it do the same?',
  ])('"%s" names no subject to set beside the previous one', (question) => {
    expect(setsBesidePrevious(question)).toBe(false)
  })
})

/** Questions that name their own subject although every word of it is a function word, or before a pronoun and "and". */
const ownSubjectsMissed: [kind: string, previous: string, question: string, expected: string][] = [
  ['the candidate is the subject', 'What is a closure?', 'Tell me about yourself.', 'beh-tell-me-about-yourself'],
  ['the candidate is the subject', 'How does a CDN work?', 'Why do you want to work here?', 'beh-why-company'],
  ['the candidate is the subject', 'How does a CDN work?', 'What are you best at?', 'beh-greatest-strength'],
  ['the candidate is the subject', 'What is a closure?', 'What is something you are not good at?', 'beh-weakness'],
  [
    'the pronoun points at the subject before "and"',
    'What is a closure?',
    'How does merge sort work and when would you use it?',
    'algo-merge-sort',
  ],
  [
    'the pronoun points at the subject before "and"',
    'How does DNS work?',
    'How do deadlocks happen and how do you avoid them?',
    'sql-deadlocks',
  ],
  [
    '"its own" points inside the question',
    'How does DNS work?',
    'Can a component change its own props?',
    'react-props-vs-state',
  ],
  ['"worth it" points at nothing', 'What is a closure?', 'Is strictNullChecks worth it?', 'ts-strict-mode'],
]

describe('a question naming its own subject is never read as a follow-up', () => {
  it.each(ownSubjectsMissed)('%s: after "%s", "%s" is a new question', (_kind, previous, question, expected) => {
    expectNewQuestion(previous, question, expected)
  })

  it.each([
    'Do you find it difficult to work under pressure?',
    'Do you find it hard to say no to your manager?',
    'Would you consider it a weakness that you cannot delegate?',
  ])('an "it" of "find it hard to …" points at what follows, not at the previous question: %s', (question) => {
    expect(needsPreviousQuestion(question)).toBe(false)
    expect(after('How does a CDN work?', question).answer).not.toContain('Following up on')
  })
})

describe('a word that is a verb or a name', () => {
  it.each(['What is React?', 'Do you know React?'])('"%s" names the framework: a new question', (question) => {
    expect(needsPreviousQuestion(question)).toBe(false)
    expect(after('What is a closure?', question).answer).not.toContain('Following up on')
  })

  it.each(['how did you react?', 'and how would you react now?'])(
    '"%s" asks about the story: a follow-up',
    (question) => {
      expect(needsPreviousQuestion(question)).toBe(true)
    },
  )
})

/**
 * "This" or "that" before a noun that names only a kind of thing stands for what was just
 * discussed, as "it" does, however many words the question adds; "why not X?" offers X instead of
 * it.
 */
const pointedByKind: [previous: string, question: string, expected: string][] = [
  ['How does useMemo work in React?', 'Why would this hook make a component slower?', 'react-usememo-usecallback'],
  ['How does quicksort work?', 'Is this algorithm stable when keys repeat?', 'algo-quicksort'],
  ['Explain the observer pattern.', 'Can this pattern cause memory leaks?', 'swd-observer-pattern'],
  [
    'Which data structure would you use for an LRU cache?',
    'Why did you choose that data structure over a tree?',
    'ds-lru-cache',
  ],
  [
    'Tell me about a time you disagreed with your manager.',
    'What would your team say about that decision now?',
    'beh-disagree-manager',
  ],
  ['How do you detect a cycle in a linked list?', 'Why not use a hash set?', 'ds-linked-list-cycle'],
]

/** Lookalikes: the kind noun after "and" is the question's own subject, "this keyword" is JavaScript's, "why not" with a question of its own. */
const notPointedByKind: [previous: string, question: string, expected: string][] = [
  ['What is a trie?', 'What is a Bloom filter and when is this data structure a bad fit?', 'ds-bloom-filter'],
  ['What is a closure?', 'How does this keyword behave inside an arrow function?', 'js-this'],
  ['How does a CDN work?', 'Why not use GraphQL instead of REST for a mobile app?', 'net-rest-vs-graphql'],
]

describe('a noun of a kind after "this" or "that"', () => {
  it.each(pointedByKind)('after "%s", "%s" follows up', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it.each(notPointedByKind)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expectNewQuestion(previous, question, expected)
  })
})

/**
 * Words that name nothing of their own in a follow-up: an adverb of always or still, a manner of
 * doing what was asked, a part of the answer just given.
 */
const namingNothingNew: [previous: string, question: string, expected: string][] = [
  ['Is a hash map lookup O(1)?', 'Is that always true?', 'ds-hash-map'],
  ['How do you reverse a linked list recursively?', 'How about iteratively?', 'ds-reverse-linked-list'],
  ['How does binary search work?', 'Would it still work with a million records?', 'algo-binary-search'],
  ['How would you design a URL shortener?', 'Could you elaborate on the second point?', 'sd-url-shortener'],
  [
    'How would you compute the nth Fibonacci number?',
    "What's the space complexity of the recursive version?",
    'algo-fibonacci',
  ],
  ['How would you design a rate limiter?', 'Walk me through the code.', 'sd-rate-limiter'],
  // A size or load put on the previous question, without "if".
  ['How would you design a URL shortener?', 'What happens under heavy load?', 'sd-url-shortener'],
  ['How does merge sort work?', 'And for very large inputs?', 'algo-merge-sort'],
  ['How would you design a chat system?', 'With a million users online?', 'sd-chat-system'],
  ['How would you design a chat system?', 'At scale, with a million users online?', 'sd-chat-system'],
  // "What was …" names no subject when it ends on "in it", "of it".
  ['Tell me about a project you are proud of.', 'What was your role in it?', 'beh-proudest-project'],
  [
    'Tell me about a time you handled a production incident.',
    'What was the hardest part of it?',
    'beh-production-incident',
  ],
  ['Tell me about a project you are proud of.', 'OK, what was your role in it?', 'beh-proudest-project'],
  // A first clause that names no subject of its own: the pronoun after the comma points back.
  ['What is a message queue?', 'In production, how will you monitor it?', 'sd-message-queues'],
  // Manners set against each other for what is done to "it": the previous subject is still asked about.
  ['How do you reverse a linked list?', 'Can you do it recursively or iteratively?', 'ds-reverse-linked-list'],
  // A part of the answer or story just given, after "the" or "your".
  ['How would you compute Fibonacci numbers recursively?', 'What is the base case?', 'algo-fibonacci'],
  ['How would you design a URL shortener?', 'Can you draw the architecture?', 'sd-url-shortener'],
  ['How would you design a chat system like WhatsApp?', 'Can you walk me through the schema?', 'sd-chat-system'],
  ['Tell me about a production incident you handled.', 'What was the impact of your fix?', 'beh-production-incident'],
  ['Tell me about a project you are proud of.', 'What was your role?', 'beh-proudest-project'],
  ['Tell me about a time you missed a deadline.', 'And the outcome?', 'beh-missed-deadline'],
]

/** Lookalikes: the same words beside a subject of the question's own. */
const namingTheirOwn: [previous: string, question: string, expected: string | null][] = [
  ['What is a closure?', 'Can you do a binary search recursively?', 'algo-binary-search'],
  ['How does DNS work?', 'What is a recursive function?', 'algo-recursion'],
  ['What is a closure?', 'What is a mutex and what problem does it solve?', 'os-mutex-vs-semaphore'],
  ['How does DNS work?', 'What happens under the hood when you type a URL?', 'net-what-happens-url'],
  ['What is a closure?', 'And at scale, does Kafka keep messages in order?', 'sd-kafka'],
  ['How does DNS work?', 'What is the difference between a process and a thread, in points?', 'sd-process-vs-thread'],
  // A part named with whose it is, or with "a": a subject of the question's own.
  ['How would you design a URL shortener?', 'What is the role of a load balancer?', 'sd-load-balancer'],
  ['How does a hash map work?', 'What is the impact of indexing on write performance?', 'sql-indexes'],
  ['How would you design a URL shortener?', 'Can you draw the architecture of a CDN?', 'sd-cdn'],
  // No entry defines a schema; the two whose questions name one (normalising it, changing it) rank
  // within a hair of each other, so only its reading is pinned.
  ['How would you design a chat system like WhatsApp?', 'What is a database schema?', null],
  ['Tell me about a production incident you handled.', 'What is your biggest weakness?', 'beh-weakness'],
]

/**
 * Questions that look like follow-ups but are not: a "what is X" question ending on "of it" after
 * naming X, a load phrase before alternatives of the question's own, manner words it compares.
 * A null entry: the question is new but no entry answers it; it is never the previous one's.
 */
const looksLikeAFollowUp: [kind: string, previous: string, question: string, expected: string | null][] = [
  [
    '"of it" after its own subject',
    'How does a CDN work?',
    'What is Docker? What are the benefits of it?',
    'ops-docker',
  ],
  [
    '"of it" after its own subject',
    'How does a CDN work?',
    'What is memoization? Give an example of it.',
    'algo-memoization-vs-tabulation',
  ],
  [
    '"of it" after its own subject',
    'How does a CDN work?',
    'What is Kubernetes, what is the purpose of it?',
    'ops-kubernetes',
  ],
  ['alternatives after a load', 'How does a CDN work?', 'At scale, Kafka or RabbitMQ?', 'sd-kafka'],
  ['alternatives after a load', 'How does a CDN work?', 'On large datasets, Spark or Hadoop?', null],
  [
    'manners compared',
    'How would you design a URL shortener?',
    'Recursive or iterative, which is better?',
    'algo-recursion',
  ],
]

/** A part named with "a" asks what it is: "what is a base case?" is a question of its own. */
const partsNamedWithA = ['What is a base case?', 'What is a schema?', 'Explain a microservices architecture.']

/** A new question answered from `expected`, or, with none expected, not from the previous question's entry. */
function expectNewQuestionFromOrApart(previous: string, question: string, expected: string | null) {
  if (expected !== null) {
    expectNewQuestion(previous, question, expected)
    return
  }
  expect(needsPreviousQuestion(question)).toBe(false)
  const result = after(previous, question)
  expect(result.answer).not.toContain('Following up on')
  expect(result.matches[0]?.id).not.toBe(answerQuestion({ question: previous }).matches[0]?.id)
}

describe('words that name nothing of their own in a follow-up', () => {
  it.each(namingNothingNew)('after "%s", "%s" follows up', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it.each(namingTheirOwn)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expectNewQuestionFromOrApart(previous, question, expected)
  })

  it.each(looksLikeAFollowUp)('%s: after "%s", "%s" is a new question', (_kind, previous, question, expected) => {
    expectNewQuestionFromOrApart(previous, question, expected)
  })

  it.each(partsNamedWithA)('"%s" is a new question', (question) => {
    expect(needsPreviousQuestion(question)).toBe(false)
  })
})

/** A comparison of two things named, even in words that alone name nothing ("where", "scale up"). */
const namedComparisons: [previous: string, question: string, expected: string][] = [
  ['What is a closure?', 'What is the difference between WHERE and HAVING?', 'sql-where-vs-having'],
  ['How does DNS work?', 'Scale up vs scale out?', 'sd-scaling-horizontal-vertical'],
  // The two are named together before the choice.
  ['What is a mutex?', 'Redis and Memcached, which of the two is faster?', 'sd-distributed-cache'],
]

describe('a comparison of two things it names', () => {
  it.each(namedComparisons)('after "%s", "%s" is a new question', (previous, question, expected) => {
    expectNewQuestion(previous, question, expected)
  })

  it.each(['what is the difference between the two?', 'and how is it different from this one?'])(
    '"%s" compares what was named before: a follow-up',
    (question) => {
      expect(needsPreviousQuestion(question)).toBe(true)
    },
  )
})

describe('a question that points back, asked first in a session', () => {
  it.each([
    'Which one is better?',
    'better hai?',
    'kaunsa better hai?',
    'what is the difference between the two?',
    'How would you scale it?',
    // Said to the candidate, but no entry surely answers it: what "differently" is set against was before.
    'What would you do differently?',
    // Said to the candidate, but only a behavioural entry answers them about themselves, not a spinlock's comparison.
    'Which one do you think is better?',
    'Can you do better?',
  ])('%s: answered with a question back, from no entry, at no confidence', (question) => {
    const answer = answerQuestion({ question })
    expect(answer.source).toBe('framework')
    expect(answer.confidence).toBe(0)
    expect(answer.gist).toMatch(/refers to something said before/)
  })

  it.each([
    ['Which is better, REST or GraphQL?', 'net-rest-vs-graphql'],
    ['What is a closure?', 'js-closures'],
    ['apne baare mein kuch batao', 'beh-tell-me-about-yourself'],
    // Function words only, but said to the candidate about themselves: the candidate is the subject.
    ['Apne baare mein thoda batao, abhi kya kar rahe ho aur aage kya karna hai?', 'beh-tell-me-about-yourself'],
  ])('%s names its own subject and is answered from its entry', (question, expected) => {
    const answer = answerQuestion({ question })
    expect(answer.source).toBe('knowledge-base')
    expect(answer.matches[0]?.id).toBe(expected)
  })
})

/**
 * A reference the question leaves open: a pronoun, a bare "one" or "that" and a kind of thing that
 * nothing named before it in the question can stand for, however many words the question adds. The
 * noun a question asks for, a quantified one, the verb and subject of the pronoun's own clause, the
 * phrase it is part of and a lead-in are not what it stands for. Invented, not development lines.
 */
const openReferences: [previous: string, question: string][] = [
  ['What is Redis used for?', 'What sort of workload makes it slow?'],
  ['What is connection pooling?', 'Should I put every query behind it?'],
  ['What is a message queue?', 'And when many consumers hit it at once, what happens?'],
  ['What is a linked list?', 'What is the hardest part of reversing it in place?'],
  ['SQL or NoSQL, how do you choose?', 'For a small startup on a tight budget, which one makes more sense?'],
  ['What is a dynamic array?', 'And adding to one, is that constant time?'],
  ['How would you design a notification system?', 'How would that design behave if a whole region went down?'],
  ['What are your salary expectations?', 'Is that number negotiable at all?'],
  // A subject placed in a frame left unsaid: the previous subject.
  ['How does OAuth work?', 'And how does a refresh token fit in?'],
  ['How would you design a chat system?', 'Where does a message queue come into play?'],
]

/** The same shapes whose reference has something the question names before it: a subject of their own. */
const resolvedReferences: [previous: string, question: string][] = [
  ['How does a hash map work?', 'What about Redis, how would you use it for sessions?'],
  ['What is a stack?', 'Kafka ke baare mein batao, isko kab use karte hain?'],
  ['What is a closure?', 'Given a list of intervals, how would you merge them?'],
  ['What is a deadlock?', 'When a page fault happens, how does the OS handle it?'],
  ['What is a trie?', 'How does a hash map keep its lookups fast?'],
  ['What is CORS?', 'Why should you never store a password without hashing it?'],
  ['What is Docker?', 'Cookies and sessions, which one would you use for login?'],
  ['What is a B-tree?', 'If you have a list of users, how do you sort them by age?'],
  ['What is a JWT?', 'In a microservices setup, where does an API gateway fit in?'],
  // "They" and "their" may be one person; a pronoun after a preposition may be its clause's subject.
  ['What is a heap?', 'A teammate keeps missing their deadlines, what do you do?'],
  ['What is a heap?', 'How would you give feedback to a junior without demotivating them?'],
  ['What is a heap?', 'You had to point out a peer’s mistake to them, how did you do it?'],
  // A clause of its own ("without …") is beyond the reach of the pronoun's subject.
  ['What is CORS?', 'How do you update a nested object without mutating it?'],
  ['What is CORS?', 'Too many tasks on your plate, how do you rank them?'],
  ['What is CORS?', 'Chat between two users one to one and in groups, how would you design it?'],
  ['What is CORS?', 'Interfaces and abstract classes look alike now, so which one do you reach for?'],
]

describe('a reference nothing in the question can stand for', () => {
  it.each(openReferences)('after "%s", "%s" follows up', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(true)
  })

  it.each(resolvedReferences)('after "%s", "%s" names its own subject', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(false)
  })
})

describe('a subject "it" whose verb takes what the question asks for', () => {
  it.each([
    ['What is a load balancer?', 'What algorithms can it use to pick a server?', 'sd-load-balancer'],
    ['What is a message queue?', 'What guarantees can it give to a consumer?', 'sd-message-queues'],
  ])('after "%s", "%s" asks what the previous subject does', (previous, question, expected) => {
    expectFollowUp(previous, question, expected)
  })

  it.each([
    ['What is a load balancer?', 'Which database would it be best to use for a ledger?'],
    ['What is Docker?', 'Is it safe to store tokens in localStorage?'],
  ])('after "%s", "%s" is an impersonal "it" judging what follows', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(false)
  })
})
