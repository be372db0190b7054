import { describe, expect, it } from 'vitest'
import { detectStar } from '#server/ai/offline/communication/star.ts'

/** Stories told as candidates tell them, with an action and a result in words the cue list did not expect. */
const stories = [
  'In my previous company our checkout page was very slow. My task was to fix it before the sale. We migrated the product queries to Redis and I have added an index on the orders table. After this the page became much faster and the sale went smoothly.',
  'When I was working at a bank, there was an outage every Friday. I was responsible for the batch jobs. I have rewritten the scheduler so jobs run one by one. Because of that the outages stopped completely.',
  'Last year we had a conflict in the team about code reviews. I needed to get everyone aligned. We agreed on a checklist after I set up a meeting with both leads. Finally the reviews took half the time and nobody complained.',
]

describe('STAR parts in real answers', () => {
  it.each(stories.map((story) => [story]))('finds the Action and the Result in: %s', (story) => {
    const star = detectStar(story, true)
    expect(star.missing).toEqual([])
  })

  it('still says what is missing when a story has no action or result', () => {
    const star = detectStar('At my last job our service was slow. My task was to make it fast.', true)
    expect(star.missing).toEqual(['action', 'result'])
  })
})
