/**
 * Offline OCR with tesseract.js (Tesseract compiled to WebAssembly) and the English LSTM model
 * of the npm package `@tesseract.js-data/eng`. Nothing is downloaded at run time: the language
 * data is read from node_modules (a local `langPath`, so tesseract.js reads the file instead of
 * fetching from its CDN default), the wasm core is `require`d from the `tesseract.js-core`
 * package, and the cache is off so nothing is written to the working directory either.
 *
 * One worker thread is created on first use and reused; after a timeout it is terminated at once
 * (its job cannot be cancelled otherwise, and would go on using a core for nobody) and the next job
 * starts on a new one; it is closed after a while without work to give its memory back.
 */
import { access } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { maxScreenshotPixels, maxWaitingPerPerson } from '#rules/media-limits.ts'
import { createConcurrencyLimit } from '#server/ai/concurrency-limit.ts'
import { MediaTooLargeError, RecognizerFailedError, RecognizerUnavailableError } from '#server/ai/recognizer-errors.ts'
import { readImageInfo, type ImageInfo } from '#server/ai/image-header.ts'

export type TesseractOptions = {
  /** For one recognition, including starting the worker the first time. */
  timeoutMs?: number
  /** Largest accepted image file. */
  maxBytes?: number
  /** Largest accepted image, in pixels (width × height). */
  maxPixels?: number
  /** Close the worker after this long without work; 0 keeps it for the life of the process. */
  idleMs?: number
  /** Starts the worker thread; default tesseract.js's with the English model (tests pass their own). */
  createWorker?: () => Promise<OcrWorker>
}

/** What is used of a tesseract.js worker: tesseract.js's own satisfies it. */
export type OcrWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>
  terminate(): Promise<unknown>
}

type OcrResult = {
  text: string
  /** Mean word confidence, 0-100. */
  confidence: number
  image: ImageInfo
  latencyMs: number
}

export type TesseractRecognizer = {
  recognize(image: Uint8Array): Promise<OcrResult>
  /** Stops the worker thread (it keeps the process alive otherwise). */
  close(): Promise<void>
}

const recognizer = 'tesseract.js'

export function createTesseractRecognizer(options: TesseractOptions = {}): TesseractRecognizer {
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024
  const maxPixels = options.maxPixels ?? maxScreenshotPixels
  const idleMs = options.idleMs ?? 10 * 60_000
  // One worker runs one job at a time; queueing here keeps each job's timeout its own.
  const oneAtATime = createConcurrencyLimit(1, { waitingPerPerson: maxWaitingPerPerson })
  let worker: Promise<OcrWorker> | undefined
  const newWorker = options.createWorker ?? startWorker
  let idleTimer: ReturnType<typeof setTimeout> | undefined

  async function startWorker(): Promise<OcrWorker> {
    const langPath = englishDataFolder()
    if (
      !(await access(join(langPath, 'eng.traineddata.gz')).then(
        () => true,
        () => false,
      ))
    ) {
      throw new RecognizerUnavailableError(
        recognizer,
        `OCR is not available: the English model ${join(langPath, 'eng.traineddata.gz')} is missing. Run \`npm install\` (package @tesseract.js-data/eng).`,
      )
    }
    // Loaded with the first screenshot, not at start (decision 0070).
    const { createWorker, OEM } = await import('tesseract.js')
    return createWorker('eng', OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      logger: () => undefined,
      // Without a handler tesseract.js rethrows job errors inside its message listener, which
      // would crash the process; the job's own promise already rejects.
      errorHandler: () => undefined,
    })
  }

  /** Forgets the worker and terminates it once it has started (never waits for a stuck start). */
  function stopWorker(): Promise<void> {
    const current = worker
    worker = undefined
    if (!current) return Promise.resolve()
    return current.then(
      (w) => w.terminate().then(() => undefined),
      () => undefined,
    )
  }

  function keepAliveFor() {
    if (idleTimer) clearTimeout(idleTimer)
    if (idleMs > 0) {
      idleTimer = setTimeout(() => void stopWorker(), idleMs)
      idleTimer.unref()
    }
  }

  async function recognizeNow(image: Uint8Array, info: ImageInfo): Promise<OcrResult> {
    const started = performance.now()
    let timer: ReturnType<typeof setTimeout> | undefined
    let timedOut = false
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true
        reject(new RecognizerFailedError(recognizer, `OCR took longer than ${timeoutMs} ms.`, true))
      }, timeoutMs)
    })
    try {
      worker ??= newWorker()
      const job = worker.then((w) => {
        if (timedOut) throw new RecognizerFailedError(recognizer, 'OCR was cancelled after its timeout.', true)
        return w.recognize(Buffer.from(image))
      })
      // After a timeout nobody awaits the job any more; its late failure must not go unhandled.
      job.catch(() => undefined)
      const { data } = await Promise.race([job, timeout])
      return {
        text: data.text.trim(),
        confidence: Math.round(data.confidence * 10) / 10,
        image: info,
        latencyMs: Math.round(performance.now() - started),
      }
    } catch (error) {
      // A timed-out or failed worker may be stuck or broken: start afresh next time.
      void stopWorker()
      if (error instanceof RecognizerFailedError || error instanceof RecognizerUnavailableError) throw error
      throw new RecognizerFailedError(
        recognizer,
        `OCR failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    } finally {
      clearTimeout(timer)
      keepAliveFor()
    }
  }

  return {
    async recognize(image) {
      if (image.byteLength > maxBytes) {
        throw new MediaTooLargeError(
          `The image is ${image.byteLength} bytes; OCR accepts at most ${maxBytes} bytes.`,
          `${maxBytes} bytes`,
        )
      }
      const info = readImageInfo(image)
      if (info.width * info.height > maxPixels) {
        throw new MediaTooLargeError(
          `The image is ${info.width}×${info.height} pixels; OCR accepts at most ${maxPixels} pixels.`,
          `${maxPixels} pixels`,
        )
      }
      return oneAtATime(() => recognizeNow(image, info))
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer)
      await stopWorker()
    },
  }
}

/** The integer-quantised LSTM model: the variant tesseract.js itself uses for LSTM-only OCR. */
function englishDataFolder(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
}
