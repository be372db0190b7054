import { useCallback, useEffect, useRef, useState } from 'react'
import { detectUtterances, type UtteranceSink, type VoiceActivity } from '#src/live/voice-activity.ts'

type State = 'off' | 'starting' | 'on'

/** Listens to a stream for utterances while `on`, handing each over as it is spoken; a new stream (or none) stops the old listener. */
export function useListening(stream: MediaStream | null, utterance: UtteranceSink) {
  const [state, setState] = useState<State>('off')
  const [speaking, setSpeaking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const detector = useRef<VoiceActivity | null>(null)
  const sink = useRef(utterance)
  useEffect(() => {
    sink.current = utterance
  })

  const stop = useCallback(() => {
    const running = detector.current
    detector.current = null
    setState('off')
    setSpeaking(false)
    if (running) void running.destroy()
  }, [])
  useEffect(() => stop, [stream, stop])

  const start = useCallback(async () => {
    if (!stream || detector.current) return
    setError(null)
    setState('starting')
    try {
      const created = await detectUtterances(stream, {
        onSpeaking: setSpeaking,
        utterance: {
          start: () => sink.current.start(),
          audio: (samples) => sink.current.audio(samples),
          end: () => sink.current.end(),
          cancel: () => sink.current.cancel(),
        },
      })
      detector.current = created
      await created.start()
      setState('on')
    } catch (failure) {
      detector.current = null
      setState('off')
      setError(`Listening could not start: ${failure instanceof Error ? failure.message : 'unknown error'}`)
    }
  }, [stream])

  const toggle = useCallback(() => (detector.current ? stop() : void start()), [start, stop])
  return { state, speaking, error, start, stop, toggle }
}
