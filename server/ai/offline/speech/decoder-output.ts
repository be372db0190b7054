/**
 * Reads what `pocketsphinx_continuous -time yes` (0.8 / 5prealpha, as Debian ships it) prints: per
 * utterance, the hypothesis on one line, then one line per segment of the best path:
 *
 *     what is a hash map
 *     <s> 0.000 0.020 0.999800
 *     what 0.030 0.200 0.974040
 *     …
 *     </s> 2.550 2.820 1.000000
 *
 * A segment line is the word (`word(2)` for a dictionary variant), its start and end in seconds
 * and its posterior probability in the word lattice (0–1). An utterance with nothing recognised
 * prints an empty hypothesis line.
 */

export type DecodedWord = { word: string; start: number; end: number; posterior: number }

export type DecoderOutput = {
  /** The hypotheses of every utterance, joined by a space. */
  text: string
  /** The words of the best paths, without silence, sentence markers and noise fillers. */
  words: DecodedWord[]
}

const segmentLine = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?(?:e-?\d+)?)$/
/** `<s>`, `</s>`, `<sil>`, and noise fillers such as `[NOISE]` or `++BREATH++`. */
const nonWord = /^(?:<[^>]*>|\[[^\]]*\]|\+\+.*\+\+)$/

export function parseDecoderOutput(stdout: string): DecoderOutput {
  const hypotheses: string[] = []
  const words: DecodedWord[] = []
  for (const raw of stdout.split('\n')) {
    const line = raw.trim()
    const segment = segmentLine.exec(line)
    if (!segment) {
      if (line !== '') hypotheses.push(line)
      continue
    }
    const [, token = '', start = '0', end = '0', posterior = '0'] = segment
    if (nonWord.test(token)) continue
    words.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: Number(start),
      end: Number(end),
      posterior: Math.min(1, Math.max(0, Number(posterior))),
    })
  }
  return { text: hypotheses.join(' '), words }
}
