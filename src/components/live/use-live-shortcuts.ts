import { useEffect, useRef } from 'react'

export type LiveShortcuts = { toggleListening: () => void; readScreen: () => void; toggleAnswers: () => void }

/** Alt with a letter, so typing a question never triggers one. */
export const liveShortcutKeys = { toggleListening: 'Alt+L', readScreen: 'Alt+S', toggleAnswers: 'Alt+H' } as const

const byCode: Record<string, keyof LiveShortcuts> = {
  KeyL: 'toggleListening',
  KeyS: 'readScreen',
  KeyH: 'toggleAnswers',
}

/** The live page's keys: start or stop listening, read the screen, hide or show the answers. */
export function useLiveShortcuts(actions: LiveShortcuts) {
  const latest = useRef(actions)
  useEffect(() => {
    latest.current = actions
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // event.code, not event.key: on a Mac, Alt with a letter types a symbol.
      const action = event.altKey && !event.ctrlKey && !event.metaKey ? byCode[event.code] : undefined
      if (!action) return
      event.preventDefault()
      latest.current[action]()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
