/**
 * Time limits for a streamed answer: the first delta and each next one must arrive within
 * `idleMs` (the SDK's first-chunk timer only starts once the response headers are in, so a server
 * that stalls before answering would go unnoticed), and the whole answer within four times that.
 */
export class StreamWatchdog {
  readonly signal: AbortSignal
  readonly #idleMs: number
  readonly #caller: AbortSignal | undefined
  readonly #controller = new AbortController()
  readonly #total: ReturnType<typeof setTimeout>
  #idle: ReturnType<typeof setTimeout>

  constructor(idleMs: number, caller: AbortSignal | undefined) {
    this.#idleMs = idleMs
    this.#caller = caller
    this.signal = caller ? AbortSignal.any([caller, this.#controller.signal]) : this.#controller.signal
    this.#idle = this.#arm(idleMs, `no data from the AI provider for ${idleMs} ms`)
    this.#total = this.#arm(idleMs * 4, `the streamed answer took longer than ${idleMs * 4} ms`)
  }

  /** Call on every stream part. */
  progress() {
    clearTimeout(this.#idle)
    this.#idle = this.#arm(this.#idleMs, `no data from the AI provider for ${this.#idleMs} ms`)
  }

  stop() {
    clearTimeout(this.#idle)
    clearTimeout(this.#total)
    this.#controller.abort(new DOMException('stream finished', 'AbortError'))
  }

  /** Why the stream was aborted: the caller's abort, or one of our time limits. */
  abortReason(): unknown {
    if (this.#caller?.aborted) return new DOMException('The AI call was aborted.', 'AbortError')
    return this.#controller.signal.reason ?? new DOMException('The AI call was aborted.', 'AbortError')
  }

  #arm(ms: number, message: string) {
    return setTimeout(() => this.#controller.abort(new DOMException(message, 'TimeoutError')), ms)
  }
}
