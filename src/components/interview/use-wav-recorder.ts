import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { startWavRecording, type WavRecording } from '#src/interview/wav-recorder.ts'

// About 5 MB of 48 kHz 16-bit WAV, under the server's 10 MB limit.
const maxSeconds = 50

export type RecorderState = 'idle' | 'starting' | 'recording'

/** Microphone recording as WAV, stopped automatically after maxSeconds. */
export function useWavRecorder(onRecorded: (audio: Blob) => void, onError: (message: string) => void) {
  const [state, setState] = useState<RecorderState>('idle')
  const [seconds, setSeconds] = useState(0)
  const recording = useRef<WavRecording | null>(null)
  // The latest callbacks, so the timer below is not restarted by each render's new functions.
  const callbacks = useRef({ onRecorded, onError })
  useLayoutEffect(() => {
    callbacks.current = { onRecorded, onError }
  })

  const stop = useCallback(async () => {
    const current = recording.current
    recording.current = null
    setState('idle')
    if (current) callbacks.current.onRecorded(await current.stop())
  }, [])

  useEffect(() => {
    if (state !== 'recording') return
    const started = Date.now()
    const timer = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000)
      setSeconds(elapsed)
      if (elapsed >= maxSeconds) void stop()
    }, 250)
    return () => window.clearInterval(timer)
  }, [state, stop])

  useEffect(() => () => recording.current?.cancel(), [])

  const start = useCallback(async () => {
    setState('starting')
    setSeconds(0)
    try {
      recording.current = await startWavRecording()
      setState('recording')
    } catch (error) {
      setState('idle')
      const refused = error instanceof DOMException && error.name === 'NotAllowedError'
      callbacks.current.onError(
        refused
          ? 'microphone access was refused'
          : error instanceof Error
            ? error.message
            : 'the microphone could not be opened',
      )
    }
  }, [])

  return { state, seconds, start, stop }
}
