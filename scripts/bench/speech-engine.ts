/**
 * The offline engine as the speech benchmarks run it: in a temporary folder that also caches the
 * interview model, with a time limit a shared machine under load does not hit (the benches measure,
 * they do not refuse), skipped with a warning when espeak-ng, sox or PocketSphinx is missing, and
 * the interview model built before the first clip, so no timed figure includes its build.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { prepareInterviewModel } from '#server/ai/offline/speech/interview-model/interview-model.ts'
import { missingRecordingTool } from './speech-recordings.ts'

export type SpeechBenchEngine = ReturnType<typeof createOfflineEngine>

/** Runs `measure` with the engine and the folder (for recordings), closes both; [] when skipped. */
export async function withSpeechEngine<T>(
  options: { bench: string; timeoutMs?: number },
  measure: (engine: SpeechBenchEngine, folder: string) => Promise<T[]>,
): Promise<T[]> {
  const folder = await mkdtemp(join(tmpdir(), 'ih-speech-bench-'))
  const engine = createOfflineEngine({ speech: { cacheDir: folder }, timeoutMs: options.timeoutMs ?? 300_000 })
  try {
    const missing =
      (await missingRecordingTool()) ??
      ((await engine.transcriber.isAvailable()) ? null : 'PocketSphinx is not installed')
    if (missing) {
      console.warn(`${options.bench} skipped (${missing}).`)
      return []
    }
    // The engine finds the model in the same folder.
    await prepareInterviewModel({ cacheDir: folder })
    return await measure(engine, folder)
  } finally {
    await engine.close()
    await rm(folder, { recursive: true, force: true })
  }
}
