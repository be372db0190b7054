import { describe, expect, it } from 'vitest'
import { improveCommunication } from '#server/ai/offline/communication/improve-communication.ts'

const rambling =
  'Um, so basically I think we, like, rewrote the API. You know, it was kind of slow. ' +
  'I like TypeScript and I would like to use tools like Redis. What kind of database do you use? ' +
  'Uh, I mean, it was actually fine.'

function counts(items: readonly { phrase: string; count: number }[]): Record<string, number> {
  return Object.fromEntries(items.map((i) => [i.phrase, i.count]))
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ')
}

describe('improveCommunication: fillers and hedges', () => {
  it('counts fillers exactly, telling filler "like" and "kind of" from the real words', () => {
    const { metrics } = improveCommunication({ response: rambling })
    expect(counts(metrics.fillers.items)).toEqual({
      um: 1,
      basically: 1,
      like: 1,
      'you know': 1,
      'kind of': 1,
      uh: 1,
      'i mean': 1,
      actually: 1,
    })
    expect(metrics.fillers.total).toBe(8)
    expect(metrics.wordCount).toBe(43)
    expect(metrics.fillers.per100Words).toBe(18.6)
  })

  it('reports positions as character offsets and word indexes', () => {
    const { metrics } = improveCommunication({ response: rambling })
    const like = metrics.fillers.items.find((i) => i.phrase === 'like')
    expect(like?.positions).toEqual([{ index: rambling.indexOf('like'), wordIndex: 6 }])
    expect(rambling.slice(like?.positions[0]?.index ?? 0).startsWith('like,')).toBe(true)
  })

  it('counts hedges', () => {
    const { metrics } = improveCommunication({
      response:
        "I think it's probably the cache. Maybe we could shard it, I guess. I'm not sure how Redis handles that.",
    })
    expect(counts(metrics.hedges.items)).toEqual({
      'i think': 1,
      probably: 1,
      maybe: 1,
      'i guess': 1,
      "i'm not sure": 1,
    })
  })

  it('does not count "I think about" as a hedge', () => {
    expect(
      improveCommunication({ response: 'I think about failure modes before I design an API.' }).metrics.hedges.total,
    ).toBe(0)
  })
})

describe('improveCommunication: passive voice', () => {
  const response =
    'The deployment pipeline was built by me. The bug was fixed. I was excited about the launch. We are based in Berlin.'

  it('detects be + past participle and ignores adjectives', () => {
    const { metrics } = improveCommunication({ response })
    expect(metrics.passiveVoice.items.map((p) => p.text)).toEqual(['was built by me', 'was fixed'])
  })

  it('suggests the active voice when the agent is named, and first person otherwise', () => {
    const { metrics } = improveCommunication({ response })
    expect(metrics.passiveVoice.items[0]?.agent).toBe('me')
    expect(metrics.passiveVoice.items[0]?.activeSuggestion).toBe('I built the deployment pipeline.')
    expect(metrics.passiveVoice.items[1]?.agent).toBeNull()
    expect(metrics.passiveVoice.items[1]?.activeSuggestion).toBe('I fixed the bug.')
  })

  it('rewrites agent passives in the improved response', () => {
    expect(improveCommunication({ response }).improvedResponse).toContain('I built the deployment pipeline.')
  })

  it('handles other tenses and plural agents', () => {
    const { metrics } = improveCommunication({
      response: 'Our API is reviewed by the platform team every week. The tests were written by Sam and me.',
    })
    expect(metrics.passiveVoice.items.map((p) => p.activeSuggestion)).toEqual([
      'The platform team reviews our API every week.',
      'Sam and I wrote the tests.',
    ])
  })
})

describe('improveCommunication: STAR structure', () => {
  it('finds all four parts in a complete story', () => {
    const { star } = improveCommunication({
      response:
        'At my last job, our checkout service was timing out during sales. My task was to make it reliable before Black Friday. ' +
        'I profiled the slow queries, added two indexes and introduced a cache. As a result, p95 latency dropped from 2 seconds to 300 ms.',
      context: 'Tell me about a time you improved performance',
    })
    expect(star.applicable).toBe(true)
    expect(star.present).toEqual({ situation: true, task: true, action: true, result: true })
    expect(star.missing).toEqual([])
    expect(star.evidence.situation).toBe('At my last job')
  })

  it('flags a missing result and suggests adding one', () => {
    const feedback = improveCommunication({
      response: 'When I was at Acme, we had a flaky deploy process. I needed to fix it, so I wrote a new pipeline.',
      context: { question: 'Describe a time you fixed a broken process' },
    })
    expect(feedback.star.missing).toEqual(['result'])
    expect(feedback.suggestions.some((s) => s.type === 'star' && s.message.includes('Result'))).toBe(true)
  })

  it('reads a story that opens on a past scene as having its situation, and sees its action and result', () => {
    const { star } = improveCommunication({
      response:
        'Our checkout page was slow, taking six seconds to load. I was asked to fix it before the sale. ' +
        'I profiled the page and added a Redis cache for the product queries. Load time dropped to 800 milliseconds.',
      context: { question: 'Tell me about a time you improved performance' },
    })
    expect(star.missing).toEqual([])
    expect(star.evidence.situation).toBe('Our checkout page was slow, taking six seconds to load.')
  })

  it('does not take a task or an action in the first sentence for the situation', () => {
    const { star } = improveCommunication({
      response: 'I was asked to lead the migration. It was hard.',
      context: { question: 'Tell me about a time you led a project' },
    })
    expect(star.present.situation).toBe(false)
  })

  it('does not hold technical answers to STAR', () => {
    const { star } = improveCommunication({
      response: 'A hash map hashes each key to a bucket index.',
      context: 'How does a hash map work?',
    })
    expect(star.applicable).toBe(false)
  })
})

describe('improveCommunication: rewrite, metrics and score', () => {
  it.each([
    ['Basically I think that caching is good, so yeah.', 'Caching is good.'],
    ['So yeah, like, caching is good.', 'Caching is good.'],
    ['I think that is right.', 'That is right.'],
  ])('turns a short answer "%s" into a sentence, not a fragment', (response, improved) => {
    expect(improveCommunication({ response }).improvedResponse).toBe(improved)
  })

  it('removes fillers and hedges from the improved response', () => {
    const feedback = improveCommunication({ response: rambling })
    const again = improveCommunication({ response: feedback.improvedResponse })
    expect(again.metrics.fillers.total).toBe(0)
    expect(again.metrics.hedges.total).toBe(0)
    expect(feedback.improvedResponse.startsWith('So we rewrote the API. It was slow.')).toBe(true)
    expect(feedback.improvedResponse).toContain('I like TypeScript and I would like to use tools like Redis.')
  })

  it('computes speaking time at 140 words per minute', () => {
    const response = Array.from({ length: 140 }, (_, i) => `word${i}`).join(' ')
    const { metrics } = improveCommunication({ response })
    expect(metrics.speakingTimeSeconds).toBe(60)
    expect(metrics.wordsPerMinute).toBe(140)
  })

  it('finds long sentences', () => {
    const long = `${Array.from({ length: 30 }, (_, i) => `step${i}`).join(' ')}.`
    const { metrics } = improveCommunication({ response: `${long} Short one here.` })
    expect(metrics.longSentences).toHaveLength(1)
    expect(metrics.longSentences[0]?.wordCount).toBe(30)
    expect(metrics.longestSentenceWords).toBe(30)
  })

  it('finds repeated words and stutters', () => {
    const { metrics } = improveCommunication({
      response: 'The database was slow. We tuned the the database and the databases got faster.',
    })
    expect(metrics.repeatedWords).toEqual([{ word: 'database', count: 3 }])
    expect(metrics.stutters.map((s) => s.word)).toEqual(['the'])
  })

  it('scores with a transparent formula', () => {
    const feedback = improveCommunication({
      response:
        'Um, I built the cache layer for our API and it cut latency in half for most users during peak traffic.',
    })
    // 21 words: too brief, length −50; 1 filler = 4.76 per 100 words → −12; average sentence 21 words → −1.
    expect(feedback.scoreBreakdown.penalties.map((p) => [p.factor, p.points])).toEqual([
      ['fillers', 12],
      ['long-sentences', 1],
      ['length', 50],
    ])
    expect(feedback.score).toBe(37)
    expect(feedback.scoreBreakdown.formula).toContain('fillers = min(25')
  })

  it('never scores an answer high while calling it too brief', () => {
    const twelveWords = 'I led the migration to PostgreSQL and cut our hosting costs significantly.'
    const feedback = improveCommunication({ response: twelveWords })
    expect(feedback.suggestions.some((s) => s.message.includes('too brief'))).toBe(true)
    expect(feedback.score).toBeLessThanOrEqual(50)
  })

  it('gives 3 to 6 prioritised suggestions that quote the user', () => {
    for (const response of [rambling, 'A hash map stores key-value pairs in buckets chosen by hashing the key.']) {
      const { suggestions } = improveCommunication({ response })
      expect(suggestions.length).toBeGreaterThanOrEqual(3)
      expect(suggestions.length).toBeLessThanOrEqual(6)
      expect(suggestions.map((s) => s.priority)).toEqual(suggestions.map((_, i) => i + 1))
      for (const s of suggestions) expect(normalise(response)).toContain(s.quote.replace(/…$/, ''))
    }
  })

  it('puts the biggest problem first', () => {
    const { suggestions, issues } = improveCommunication({ response: rambling })
    expect(issues[0]?.type).toBe('fillers')
    expect(suggestions[0]?.type).toBe('fillers')
    expect(suggestions[0]?.message).toContain('“um” once')
  })

  it('rejects an empty response', () => {
    expect(() => improveCommunication({ response: ' ' })).toThrow()
  })
})
