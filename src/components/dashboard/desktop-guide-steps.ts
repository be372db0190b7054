import type { LinkTarget } from '#src/lib/link-target.ts'

/** The desktop app's shortcuts, in the product's words: each key combination and what it does. */
export type Shortcut = { keys: readonly string[]; action: string }

export const desktopShortcuts: readonly Shortcut[] = [
  { keys: ['Ctrl+Shift+H'], action: 'toggles visibility' },
  { keys: ['Ctrl+arrow keys'], action: 'move the window to half of the screen' },
  { keys: ['Ctrl+Shift+Del'], action: 'closes' },
  { keys: ['Ctrl++', 'Ctrl+-', 'Ctrl+0'], action: 'zoom' },
  { keys: ['Ctrl+1', 'Ctrl+2'], action: 'decrease and increase opacity' },
]

export type GuideStep = {
  title: string
  text: string
  link?: LinkTarget & { label: string }
  badges?: readonly string[]
  shortcuts?: boolean
}

/** The dashboard's 5-step desktop app guide. */
export const desktopGuideSteps: readonly GuideStep[] = [
  {
    title: 'Download',
    text: 'Download the desktop app for Windows.',
    link: { to: '/download', label: 'Go to the download page' },
  },
  { title: 'Install', text: 'Install by extracting the zip and running the exe.' },
  {
    title: 'Settings and shortcuts',
    text: 'Open Settings to sign in and add your context, then learn the keyboard shortcuts:',
    shortcuts: true,
  },
  { title: 'Start an interview', text: 'Start an interview in voice or text mode.' },
  {
    title: 'Review and improve',
    text: 'Review your answers after the interview and improve them.',
    link: { to: '/history', label: 'Review your interviews' },
    badges: ['Pro only'],
  },
]

/** "A", "A and B", "A, B and C": how the guide lists key combinations. */
export function joinKeys(keys: readonly string[]): string[] {
  return keys.flatMap((key, index) => (index === 0 ? [key] : [index === keys.length - 1 ? ' and ' : ', ', key]))
}
