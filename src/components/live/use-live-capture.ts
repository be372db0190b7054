import { useCallback, useEffect, useRef, useState } from 'react'

export type Capture = {
  /** The shared tab or window (its video, and its sound where the browser gave it). */
  screen: MediaStream | null
  /** What is listened to: the tab's sound, or the microphone. */
  listening: { source: 'tab' | 'microphone'; stream: MediaStream } | null
  /** The tab was shared but the browser gave no sound with it. */
  noTabAudio: boolean
  error: string | null
}

const idle: Capture = { screen: null, listening: null, noTabAudio: false, error: null }

export function canShareScreen(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    // Outside secure contexts browsers have no mediaDevices, whatever the DOM types say.
    typeof (navigator as { mediaDevices?: MediaDevices }).mediaDevices?.getDisplayMedia === 'function'
  )
}

function stopAll(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop()
}

const refusal = (error: unknown, what: string) =>
  error instanceof DOMException && error.name === 'NotAllowedError'
    ? `${what} was not allowed. Try again and choose Allow.`
    : `${what} failed: ${error instanceof Error ? error.message : 'the browser refused'}`

/**
 * The interview's tab shared with its sound (the browser's screen-capture API), or the microphone
 * where the browser cannot share a tab's sound. Nothing is recorded: the streams only feed the
 * page's listener and the one frame "Read the screen" takes. `stop` ends every track at once.
 */
export function useLiveCapture() {
  const [capture, setCapture] = useState<Capture>(idle)
  const current = useRef(capture)
  useEffect(() => {
    current.current = capture
  })

  const stop = useCallback(() => {
    stopAll(current.current.screen)
    if (current.current.listening?.source === 'microphone') stopAll(current.current.listening.stream)
    setCapture(idle)
  }, [])
  useEffect(() => stop, [stop])

  const share = useCallback(async () => {
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({
        video: true,
        // The interviewer's voice; the page never plays it, so it is not heard twice.
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      })
      // The person may stop sharing from the browser's own bar.
      screen.getVideoTracks()[0]?.addEventListener('ended', stop)
      const tabAudio = screen.getAudioTracks()
      setCapture({
        screen,
        listening: tabAudio.length > 0 ? { source: 'tab', stream: new MediaStream(tabAudio) } : null,
        noTabAudio: tabAudio.length === 0,
        error: null,
      })
    } catch (error) {
      setCapture((previous) => ({ ...previous, error: refusal(error, 'Sharing the interview') }))
    }
  }, [stop])

  const useMicrophone = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      })
      setCapture((previous) => {
        if (previous.listening?.source === 'microphone') stopAll(previous.listening.stream)
        return { ...previous, listening: { source: 'microphone', stream }, error: null }
      })
    } catch (error) {
      setCapture((previous) => ({ ...previous, error: refusal(error, 'Using the microphone') }))
    }
  }, [])

  return { ...capture, share, useMicrophone, stop }
}
