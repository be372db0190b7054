import { describe, expect, it } from 'vitest'
import { joinKeys } from '#src/components/dashboard/desktop-guide-steps.ts'
import { featureChecklist } from '#src/components/dashboard/plan-features.ts'
import { countedStatus, formatDateTime, formatDuration, sessionTimeline } from '#src/interview/display.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { HistorySession } from '#src/interview/interview-types.ts'
import { featuresFor } from '#app.catalog.ts'

const session: HistorySession = {
  id: 's1',
  mode: 'voice',
  planType: 'pro',
  status: 'ended',
  startedAt: '2026-11-21T10:00:00.000Z',
  endedAt: '2026-11-21T10:42:00.000Z',
  endReason: 'ended',
  questionsAsked: 2,
  counted: true,
  questions: [
    {
      id: 'q1',
      source: 'text',
      question: 'What is a closure?',
      answer: 'A function…',
      transcript: null,
      contextUsed: false,
      provider: 'offline',
      model: 'kb',
      latencyMs: 12,
      totalTokens: 0,
      askedAt: '2026-11-21T10:01:00.000Z',
    },
    {
      id: 'q2',
      source: 'audio',
      question: 'tell me about hash maps',
      answer: 'Buckets…',
      transcript: 'tell me about hash maps',
      contextUsed: true,
      provider: 'offline',
      model: 'kb',
      latencyMs: 30,
      totalTokens: 0,
      askedAt: '2026-11-21T10:05:00.000Z',
    },
  ],
}

describe('session display', () => {
  it('says whether a session counted, and why not', () => {
    expect(countedStatus({ counted: true, status: 'ended' }).label).toBe('Counted against your allowance')
    expect(countedStatus({ counted: false, status: 'ended' }).label).toBe(
      'Not counted: ended within 5 minutes with no question',
    )
    expect(countedStatus({ counted: null, status: 'active' }).tone).toBe('pending')
  })

  it('tells the timeline: start, each question with its source, end', () => {
    expect(sessionTimeline(session).map((entry) => entry.title)).toEqual([
      'Started in voice mode',
      'Question 1 by text',
      'Question 2 by audio',
      'Ended',
    ])
    expect(sessionTimeline({ ...session, endReason: 'abandoned' }).at(-1)?.title).toBe(
      'Ended after 2 hours without activity',
    )
    expect(sessionTimeline({ ...session, endedAt: null, questions: [] }).map((entry) => entry.key)).toEqual(['start'])
  })

  it('formats long US dates with times, durations, and N/A when missing', () => {
    expect(formatDateTime('2026-11-21T10:00:00.000Z')).toMatch(/^November 21, 2026 at \d{1,2}:\d{2}\s[AP]M$/)
    expect(formatDateTime(null)).toBe('N/A')
    expect(formatDuration(session.startedAt, session.endedAt)).toBe('42 min')
    expect(formatDuration(session.startedAt, null)).toBeNull()
  })
})

describe('failure texts', () => {
  it("puts the product's words first and the server reason after", () => {
    expect(failureText(sessionFailures.start, 'Interviews: you have used all 5 of your Starter plan.')).toBe(
      'Failed to start session: Interviews: you have used all 5 of your Starter plan.',
    )
    expect(failureText(sessionFailures.response, 'Failed to get response: the model timed out')).toBe(
      'Failed to get response: the model timed out',
    )
    expect(failureText(sessionFailures.improve, '')).toBe('Failed to improve communication')
  })
})

describe('dashboard helpers', () => {
  it('lists key combinations as "A, B and C"', () => {
    expect(joinKeys(['Ctrl++', 'Ctrl+-', 'Ctrl+0']).join('')).toBe('Ctrl++, Ctrl+- and Ctrl+0')
    expect(joinKeys(['Ctrl+1', 'Ctrl+2']).join('')).toBe('Ctrl+1 and Ctrl+2')
    expect(joinKeys(['Ctrl+Shift+H']).join('')).toBe('Ctrl+Shift+H')
  })

  it('checks the plan features in order, with readable names', () => {
    expect(featureChecklist(featuresFor('professional')).map((row) => [row.key, row.included])).toEqual([
      ['maxInterviews', true],
      ['chat', true],
      ['screenAnalysis', true],
      ['microphone', true],
      ['advancedAI', false],
      ['contextConfiguration', false],
      ['prioritySupport', false],
      ['teamFeatures', false],
      ['interviewAnalytics', false],
    ])
    expect(featureChecklist(featuresFor('professional'))[0]?.label).toBe('15 interviews this period')
    expect(featureChecklist(featuresFor('none')).every((row) => !row.included)).toBe(true)
  })
})
