import { timers } from '#app.catalog.ts'
import { track } from '#src/analytics/analytics.ts'

/** The landing page's in-page sections and the names navigation_click reports them by. */
const landingSections = { features: 'features_section', pricing: 'pricing_section' } as const
export type LandingSection = keyof typeof landingSections

export function sectionOfHref(href: string): LandingSection | undefined {
  const hash = href.startsWith('/#') ? href.slice(2) : undefined
  return hash === 'features' || hash === 'pricing' ? hash : undefined
}

export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id)
  if (!target) return false
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
  return true
}

/** A #features or #pricing address scrolls there smoothly after about 100 ms. */
export function scrollToHashSoon(hash: string): () => void {
  const id = hash.replace(/^#/, '')
  if (id !== 'features' && id !== 'pricing') return () => undefined
  const timer = window.setTimeout(() => scrollToSection(id), timers.hashScrollDelay)
  return () => window.clearTimeout(timer)
}

/**
 * The nav's Features and Pricing handlers: record navigation_click, and on the landing page scroll
 * smoothly instead of navigating. Answers true when it handled the click.
 */
export function followSectionLink(section: LandingSection, onLandingPage: boolean): boolean {
  track('navigation_click', 'Navigation', { target: landingSections[section] })
  if (!onLandingPage || !scrollToSection(section)) return false
  window.history.replaceState(window.history.state, '', `/#${section}`)
  return true
}
