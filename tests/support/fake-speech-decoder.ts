/**
 * A stand-in for the long-lived speech decoder (server/ai/offline/speech/decoder-program.ts), in a
 * folder with an empty model: a Python script that speaks the same protocol without PocketSphinx.
 * It writes its PID to `starts` when it starts, hangs forever when it is the first one started
 * while the file `hang` exists, and for each utterance ended (decoder-program.ts's protocol) answers what `pocketsphinx_continuous -time yes`
 * prints for "what is a hash map" (confidence 0.784) unless one of these files exists:
 * `die` (removed) or `die-always`: it logs a FATAL line and exits with code 3, as a crash would;
 * `fail` (removed): it answers that it failed on the clip, with the log line that says why.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const script = `#!/usr/bin/env python3
import json, os, struct, sys, time
folder = os.path.dirname(os.path.abspath(__file__))
here = lambda name: os.path.join(folder, name)
first = not os.path.exists(here('starts'))
with open(here('starts'), 'a') as starts:
    starts.write('%d\\n' % os.getpid())
if first and os.path.exists(here('hang')):
    time.sleep(600)
heard = '\\n'.join([
    'what is a hash map',
    '<s> 0.000 0.270 1.000000',
    'what 0.280 0.520 0.824000',
    'is 0.530 0.660 0.775000',
    'a 0.670 0.740 0.850000',
    'hash 0.750 1.100 0.478000',
    'map 1.110 1.590 0.980000',
    '</s> 1.600 1.950 1.000000',
]) + '\\n'
while True:
    header = sys.stdin.buffer.read(9)
    if len(header) < 9:
        break
    kind, number, size = struct.unpack('>cII', header)
    sys.stdin.buffer.read(size)
    if kind != b'E':
        continue
    if os.path.exists(here('die')) or os.path.exists(here('die-always')):
        if os.path.exists(here('die')):
            os.remove(here('die'))
        print('FATAL: "ckd_alloc.c", line 255: calloc(4096,4) failed', file=sys.stderr, flush=True)
        sys.exit(3)
    if os.path.exists(here('fail')):
        os.remove(here('fail'))
        reply = {'id': number, 'error': 'The speech decoder stopped on this clip (signal 11): ERROR: "acmod.c", line 83: Senone scores are not finite'}
    else:
        reply = {'id': number, 'output': heard}
    sys.stdout.write(json.dumps(reply) + '\\n')
    sys.stdout.flush()
`

/** Writes the stand-in and an empty model into `folder`; returns the recognizer options that use them. */
export async function writeFakeSpeechDecoder(folder: string) {
  await mkdir(join(folder, 'en-us'))
  await Promise.all(
    ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict'].map((name) => writeFile(join(folder, name), '')),
  )
  await writeFile(join(folder, 'decoder'), script)
  await chmod(join(folder, 'decoder'), 0o755)
  return { binary: join(folder, 'decoder'), modelDir: folder }
}

/** The PIDs of the stand-ins started so far, oldest first. */
export async function fakeDecoderStarts(folder: string): Promise<number[]> {
  return (await readFile(join(folder, 'starts'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number)
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
