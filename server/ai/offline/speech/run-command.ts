import { execFile } from 'node:child_process'

export type CommandResult =
  { ok: true; stdout: string } | { ok: false; reason: 'timeout' | 'output-too-large' | 'failed'; detail: string }

/**
 * Runs a program without a shell, killing it when it outlives `timeoutMs` or writes more than
 * `maxOutputBytes`, so a stuck or runaway recognizer cannot hold the server.
 */
export function runCommand(
  file: string,
  args: string[],
  limits: { timeoutMs: number; maxOutputBytes: number },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        timeout: limits.timeoutMs,
        maxBuffer: limits.maxOutputBytes,
        killSignal: 'SIGKILL',
        encoding: 'utf8',
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ ok: true, stdout })
          return
        }
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          resolve({
            ok: false,
            reason: 'output-too-large',
            detail: `more than ${limits.maxOutputBytes} bytes of output`,
          })
          return
        }
        if (error.killed && error.signal === 'SIGKILL') {
          resolve({ ok: false, reason: 'timeout', detail: `no result within ${limits.timeoutMs} ms` })
          return
        }
        const exit = error.code === undefined ? error.message : `exit code ${String(error.code)}`
        resolve({ ok: false, reason: 'failed', detail: `${exit}${stderr ? `: ${stderr.trim().slice(-500)}` : ''}` })
      },
    )
  })
}
