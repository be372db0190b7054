import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser, type Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  buyPlan,
  confirmedAccount,
  signInToDashboard,
  trpcClient,
  watchForProblems,
  type TestAccount,
} from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')
const fixture = path.join(import.meta.dirname, '../integration/ai-ocr-fixtures/question.png')
const slow = 120_000

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function openConsole(page: Page, email: string) {
  await signInToDashboard(page, baseUrl, email)
  await page.goto(`${baseUrl}/interview`)
  await page.getByRole('heading', { name: 'Practice Console', level: 1 }).waitFor()
}

async function startSession(page: Page) {
  await region(page, 'Session').getByRole('button', { name: 'Start session' }).click()
  await page.getByTestId('active-session').waitFor()
}

describe('the practice console (/interview) and history (/history)', () => {
  let browser: Browser
  let pro: TestAccount
  let starter: TestAccount

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    pro = await confirmedAccount(baseUrl, 'console-pro', { firstName: 'Kiran', lastName: 'Desai' })
    await buyPlan(baseUrl, pro.token, 'pro')
    starter = await confirmedAccount(baseUrl, 'console-starter', { firstName: 'Lena', lastName: 'Bose' })
    await buyPlan(baseUrl, starter.token, 'starter')
  }, slow)

  it(
    'starts a session with context, streams an answer, reads a screenshot, practises, ends, and shows it all in history',
    async () => {
      const page = await newClientPage(browser, baseUrl)
      const problems = watchForProblems(page, baseUrl)
      await openConsole(page, pro.email)
      await expect(page.getByTestId('console-usage').textContent()).resolves.toBe(
        '0 of 25 interviews used · 25 remaining',
      )

      await page.getByLabel('Role').fill('Frontend engineer')
      await expect(page.getByLabel('Save this context on the session when it starts').isChecked()).resolves.toBe(true)
      await page.getByLabel('Mode').selectOption('voice')
      await startSession(page)
      await expect(page.getByTestId('active-session').textContent()).resolves.toContain('context saved')
      await expect(page.getByTestId('console-usage').textContent()).resolves.toBe(
        '1 of 25 interviews used · 24 remaining',
      )

      const ask = region(page, 'Ask a question')
      await ask.getByLabel('Question').fill('What is a closure in JavaScript?')
      const streamed = page.waitForResponse((response) => response.url().endsWith('/api/interview/question/stream'))
      await ask.getByRole('button', { name: 'Ask' }).click()
      const response = await streamed
      expect(response.headers()['content-type']).toMatch(/text\/event-stream/)
      const answer = page.getByTestId('streamed-answer')
      await answer.getByTestId('answer-meta').waitFor()
      await expect(answer.textContent()).resolves.toMatch(/closure/i)
      // How fast, not which engine: provider and model names are not the person's words.
      await expect(answer.getByTestId('answer-meta').textContent()).resolves.toMatch(/^Answered in \d+(\.\d+)? m?s$/)

      await ask.getByRole('button', { name: 'Analyze question' }).click()
      await ask.getByRole('region', { name: 'Question analysis' }).waitFor()

      await region(page, 'Screenshot').getByLabel('Upload a screenshot of the question').setInputFiles(fixture)
      await page.getByTestId('screenshot-answer').waitFor({ timeout: 60_000 })

      const generate = region(page, 'Generate practice questions')
      await generate.getByLabel('Topic').fill('system design')
      await expect(generate.getByLabel('Difficulty').inputValue()).resolves.toBe('medium')
      await expect(generate.getByLabel('Count').inputValue()).resolves.toBe('5')
      await generate.getByRole('button', { name: 'Generate questions' }).click()
      await page.getByTestId('generated-questions').locator('li').nth(4).waitFor()
      await expect(page.getByTestId('generated-questions').locator('li').count()).resolves.toBe(5)

      const improve = region(page, 'Improve an answer')
      await improve
        .getByLabel('Your answer')
        .fill('Um, so basically I, like, led the migration and it was kind of done by the team.')
      await improve.getByRole('button', { name: 'Improve answer' }).click()
      await expect(page.getByTestId('communication-feedback').textContent()).resolves.toMatch(/Score: \d+ \/ 10/)

      await region(page, 'Session').getByRole('button', { name: 'End session' }).click()
      await region(page, 'Session').getByRole('button', { name: 'Start session' }).waitFor()

      // A session ended at once with no question gives its interview back.
      await startSession(page)
      await region(page, 'Session').getByRole('button', { name: 'End session' }).click()
      await region(page, 'Session').getByRole('button', { name: 'Start session' }).waitFor()
      await expect(page.getByTestId('console-usage').textContent()).resolves.toBe(
        '1 of 25 interviews used · 24 remaining',
      )

      await page.getByRole('link', { name: 'See your history →' }).click()
      await expectPath(page, '/history')
      const sessions = page.locator('article[data-session-id]')
      await sessions.nth(1).waitFor()
      await expect(sessions.count()).resolves.toBe(2)
      const [newest, oldest] = [sessions.nth(0), sessions.nth(1)]
      await expect(newest.locator('[data-counted]').textContent()).resolves.toBe(
        'Not counted: ended within 5 minutes with no question',
      )
      await expect(newest.textContent()).resolves.toContain('No questions were asked in this session.')
      await expect(oldest.locator('[data-counted]').textContent()).resolves.toBe('Counted against your allowance')
      await expect(oldest.getByRole('heading', { level: 3 }).textContent()).resolves.toMatch(
        /^Voice session on [A-Z][a-z]+ \d{1,2}, \d{4} at /,
      )
      await expect(oldest.textContent()).resolves.toContain('Pro plan · 2 questions')
      await expect(oldest.textContent()).resolves.toContain('What is a closure in JavaScript?')
      await expect(oldest.getByTestId('answer-meta').first().textContent()).resolves.toMatch(
        /^Answered in \d+(\.\d+)? m?s$/,
      )
      const timeline = await oldest.getByRole('list', { name: 'Timeline' }).locator('li').allTextContents()
      expect(timeline).toHaveLength(4)
      expect(timeline[0]).toContain('Started in voice mode')
      expect(timeline[1]).toContain('Question 1 by text')
      expect(timeline[1]).toContain('What is a closure in JavaScript?')
      expect(timeline[2]).toContain('Question 2 by screenshot')
      expect(timeline[3]).toContain('Ended')

      const chart = page.getByRole('img', { name: /Interviews used per plan period/ })
      await chart.waitFor()
      await page.getByText('Show as a table').click()
      const row = page.getByRole('table').locator('tbody tr').first()
      await expect(row.locator('td').allTextContents()).resolves.toEqual([
        expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4} – [A-Z][a-z]+ \d{1,2}, \d{4}$/),
        'Pro',
        '1',
        '25',
        '1',
      ])
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )

  it(
    'offers the nearest questions when it has no prepared answer, and one tap answers the chosen one',
    async () => {
      const page = await newClientPage(browser, baseUrl)
      const problems = watchForProblems(page, baseUrl)
      await openConsole(page, pro.email)
      await startSession(page)
      const ask = region(page, 'Ask a question')
      await ask.getByLabel('Question').fill('What goes on inside a dictionary when you look up a key?')
      await ask.getByRole('button', { name: 'Ask' }).click()
      const offered = ask.getByRole('group', { name: /^Did they ask one of these\?/ })
      await offered.waitFor({ timeout: 60_000 })
      await expect(page.getByTestId('streamed-answer').textContent()).resolves.toContain('I have no prepared answer')
      await offered.getByRole('button', { name: 'How does a hash map work?', exact: true }).click()
      await expect(ask.getByLabel('Question').inputValue()).resolves.toBe('How does a hash map work?')
      await offered.waitFor({ state: 'detached', timeout: 60_000 })
      const answer = page.getByTestId('streamed-answer')
      await answer.getByTestId('answer-meta').waitFor({ timeout: 60_000 })
      await expect(answer.textContent()).resolves.toMatch(/bucket/i)
      await region(page, 'Session').getByRole('button', { name: 'End session' }).click()
      await region(page, 'Session').getByRole('button', { name: 'Start session' }).waitFor()
      expect(problems).toEqual([])
      await page.close()
    },
    slow,
  )

  it(
    "shows the server's reasons: context refused on Starter, and 'Failed to get response' for an ended session",
    async () => {
      const page = await newClientPage(browser, baseUrl)
      await openConsole(page, starter.email)
      await page.getByLabel('Job description').fill('Go, PostgreSQL, Kafka')
      await page.getByLabel('Save this context on the session when it starts').check()
      await region(page, 'Session').getByRole('button', { name: 'Start session' }).click()
      await expect(region(page, 'Session').getByRole('alert').textContent()).resolves.toContain(
        'Failed to start session: Resume and job description context: Your Starter plan does not include it. It comes with the Pro plan: upgrade on the pricing page.',
      )
      await expect(
        region(page, 'Session').getByRole('alert').getByRole('link', { name: 'the pricing page' }).getAttribute('href'),
      ).resolves.toBe('/pricing')

      await page.getByLabel('Save this context on the session when it starts').uncheck()
      await startSession(page)
      // The session ends elsewhere (the desktop app) while this page still shows it.
      await trpcClient(baseUrl).mutate('interviews.sessionEnd', {}, starter.token)
      const ask = region(page, 'Ask a question')
      await ask.getByLabel('Question').fill('What is a hash map?')
      await ask.getByRole('button', { name: 'Ask' }).click()
      await expect(ask.getByRole('alert').textContent()).resolves.toMatch(
        /^✕ Failed to get response: This interview session has ended/,
      )

      // Starter has no microphone: the console says so instead of recording.
      await expect(region(page, 'Voice question').textContent()).resolves.toContain(
        'The microphone is not in your plan; it comes with the Professional plan.',
      )
      await page.close()
    },
    slow,
  )

  /** Chromium plays the WAV as the microphone (and grants the permission without asking); the console records it. */
  async function askAloud(wav: string, then: (page: Page) => Promise<void>) {
    const voiceBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}%noloop`,
      ],
    })
    try {
      const page = await newClientPage(voiceBrowser, baseUrl)
      await openConsole(page, pro.email)
      await startSession(page)
      const voice = region(page, 'Voice question')
      await voice.getByRole('button', { name: 'Record question' }).click()
      // The question is spoken within its first four seconds; the recorder's own clock says when they are in.
      await voice
        .getByRole('status')
        .getByText(/^Recording… ([5-9]|\d{2,}) s$/)
        .waitFor()
      const upload = page.waitForRequest((request) => request.url().endsWith('/api/interview/audio-question'))
      await voice.getByRole('button', { name: 'Stop and send' }).click()
      const request = await upload
      expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/)
      await then(page)
      await region(page, 'Session').getByRole('button', { name: 'End session' }).click()
      await region(page, 'Session').getByRole('button', { name: 'Start session' }).waitFor()
      await page.close()
    } finally {
      await voiceBrowser.close()
    }
  }

  async function spoken(folder: string, text: string, reversed = false): Promise<string> {
    const wav = path.join(folder, 'question.wav')
    await promisify(execFile)('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, text])
    if (!reversed) return wav
    const backwards = path.join(folder, 'backwards.wav')
    await promisify(execFile)('sox', [wav, backwards, 'reverse'])
    return backwards
  }

  it(
    'records a spoken question in the browser as WAV and answers it',
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'voice-'))
      try {
        await askAloud(await spoken(folder, 'Tell me about hash tables and hash functions.'), async (page) => {
          const answer = page.getByTestId('voice-answer')
          await answer.waitFor({ timeout: 60_000 })
          await expect(answer.textContent()).resolves.toMatch(/hash/i)
        })
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
    slow,
  )

  it(
    'shows an unsure transcript to confirm instead of an answer, and answers the corrected words',
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'voice-'))
      try {
        // Speech played backwards: speech-like sound with no words, which the recognizer is unsure of.
        await askAloud(await spoken(folder, 'What is a hash map?', true), async (page) => {
          const confirmation = page.getByTestId('voice-confirmation')
          await confirmation.waitFor({ timeout: 60_000 })
          await expect(confirmation.textContent()).resolves.toMatch(/Not sure I heard that right/)
          await confirmation.getByLabel('Heard').fill('What is a hash map?')
          await confirmation.getByRole('button', { name: 'Send as question' }).click()
          await confirmation.getByTestId('answer-meta').waitFor({ timeout: 60_000 })
          await expect(confirmation.textContent()).resolves.toMatch(/hash map/i)
        })
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
    slow,
  )
})
