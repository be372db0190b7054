/**
 * A spoken question's words are searched for in the knowledge base once: when its transcript is
 * judged, the result is kept for the answer to the same words. A stand-in decoder hears "what is a
 * hash map"; the engine is given a search that counts its calls.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { findAnswers, type KnowledgeSearch } from '#server/ai/offline/search/retrieve.ts'
import { INTERVIEW_SPEECH_MODEL } from '#server/ai/offline/speech/local-transcriber.ts'
import { prepareInterviewModel } from '#server/ai/offline/speech/interview-model/interview-model.ts'
import { prepareLanguageEvidence } from '#server/ai/offline/speech/transcript-plausibility.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { writeFakeSpeechDecoder } from '#tests/support/fake-speech-decoder.ts'

const clip = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000) })

let folder: string
let speech: Awaited<ReturnType<typeof writeFakeSpeechDecoder>>
let searched: string[]
let engine: ReturnType<typeof createOfflineEngine>

const counted: KnowledgeSearch = (question, context, options) => {
  searched.push(question)
  return findAnswers(question, context, options)
}

// The interview model (built from the knowledge base, then cached in the folder), the transcript
// scorer and the search index are built once here, so that each test is one question heard and answered.
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ih-spoken-search-'))
  speech = await writeFakeSpeechDecoder(folder)
  await prepareInterviewModel({ modelDirs: [speech.modelDir], cacheDir: folder })
  await prepareLanguageEvidence()
  answerQuestion({ question: 'what is a hash map' })
}, 120_000)
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})
beforeEach(() => {
  searched = []
  engine = createOfflineEngine({ speech: { ...speech, cacheDir: folder }, search: counted })
})
afterEach(async () => {
  await engine.close()
})

async function heard() {
  const transcription = await engine.transcribe({ audio: clip, mimeType: 'audio/wav' })
  expect(transcription).toMatchObject({ text: 'what is a hash map', model: INTERVIEW_SPEECH_MODEL })
  return transcription.text
}

describe('a spoken question', () => {
  it('is searched for once, judged and answered, with the answer a search of its own gives', async () => {
    const question = await heard()
    const answer = await engine.answer({ question, context: {} })
    expect(searched).toEqual([question])
    expect(answer.text).toBe(answerQuestion({ question, context: {} }).answer)
    expect(answer.confidence).toBe(findAnswers(question).confidence)
  })

  it('is searched for again when answered with a context that has text: its boosts change the ranking', async () => {
    const question = await heard()
    await engine.answer({ question, context: { role: 'Backend engineer' } })
    expect(searched).toEqual([question, question])
  })

  it('hands its search to one answer only; the same words asked again are searched for', async () => {
    const question = await heard()
    await engine.answer({ question, context: {} })
    await engine.answer({ question, context: {} })
    expect(searched).toEqual([question, question])
  })
})
