/**
 * Reads what `pocketsphinx_batch -backtrace yes` (0.8 / 5prealpha, as Debian ships it) logs for one
 * clip, between its `Decoding 'clip'` and `clip done ---` lines: the best path, one line per
 * segment, then the hypothesis with the clip's name and score:
 *
 *     INFO: pocketsphinx.c(1168): what is a hash map (-7413)
 *     word                 start end   pprob ascr       lscr       lback
 *     <s>                  0     2     1.000 -155648    0          1
 *     what                 3     19    0.974 -610304    -290       2
 *     …
 *     </s>                 255   282   1.000 -885760    -111       2
 *     what is a hash map (clip1 -7413)
 *
 * A segment line is the word (`word(2)` for a dictionary variant), its first and last frame
 * (100 a second), its posterior probability in the word lattice (0–1) and three scores. A clip
 * with nothing recognised has an empty hypothesis.
 */

export type DecodedWord = { word: string; start: number; end: number; posterior: number }

export type DecoderOutput = {
  /** What was heard, the words of the best path. */
  text: string
  /** The words of the best path, without silence, sentence markers and noise fillers. */
  words: DecodedWord[]
}

/** The decoder's default frame rate (`-frate`), which the transcriber does not change. */
const framesPerSecond = 100
const segmentLine = /^(\S+)\s+(\d+)\s+(\d+)\s+(\d+(?:\.\d+)?(?:e-?\d+)?)\s+-?\d+\s+-?\d+\s+-?\d+$/
/** `<s>`, `</s>`, `<sil>`, and noise fillers such as `[NOISE]` or `++BREATH++`. */
const nonWord = /^(?:<[^>]*>|\[[^\]]*\]|\+\+.*\+\+)$/

/** The output of one clip from its log lines; `clip` is the name it was given in the control file. */
export function parseDecoderOutput(lines: readonly string[], clip: string): DecoderOutput {
  const hypothesis = `(${clip} `
  let text = ''
  const words: DecodedWord[] = []
  for (const raw of lines) {
    const line = raw.trim()
    const segment = segmentLine.exec(line)
    if (!segment) {
      const at = line.lastIndexOf(hypothesis)
      if (at >= 0 && line.endsWith(')')) text = line.slice(0, at).trim()
      continue
    }
    const [, token = '', first = '0', last = '0', posterior = '0'] = segment
    if (nonWord.test(token)) continue
    words.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: Number(first) / framesPerSecond,
      end: Number(last) / framesPerSecond,
      posterior: Math.min(1, Math.max(0, Number(posterior))),
    })
  }
  return { text, words }
}
