import { useCallback, useSyncExternalStore } from 'react'
import { currentTheme, setTheme, themeChangeEvent, themeStorageKey, type Theme } from './theme.ts'

function subscribe(onChange: () => void): () => void {
  // Another tab switching the theme is followed here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== themeStorageKey) return
    setTheme(event.newValue === 'dark' ? 'dark' : 'light')
  }
  window.addEventListener(themeChangeEvent, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(themeChangeEvent, onChange)
    window.removeEventListener('storage', onStorage)
  }
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, (): Theme => 'light')
  const toggle = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), [])
  return { theme, toggle }
}
