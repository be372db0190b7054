/** Light or dark, starting light, applied as the body's class name. */
export type Theme = 'light' | 'dark'

export const themeStorageKey = 'theme'
export const themeChangeEvent = 'interview-helper:theme'

export function currentTheme(): Theme {
  return document.body.classList.contains('dark') ? 'dark' : 'light'
}

/** Puts the theme on the page (the same steps as the inline head script) and remembers it. */
export function setTheme(theme: Theme): void {
  document.body.className = theme
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
  try {
    window.localStorage.setItem(themeStorageKey, theme)
  } catch {
    // Private mode or a full quota: the theme still applies to this page.
  }
  window.dispatchEvent(new Event(themeChangeEvent))
}
