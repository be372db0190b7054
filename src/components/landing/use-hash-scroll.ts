import { useEffect } from 'react'
import { scrollToHashSoon } from '#src/components/marketing/sections.ts'

/** Arriving at /#features or /#pricing scrolls there smoothly after about 100 ms. */
export function useHashScroll(): void {
  useEffect(() => scrollToHashSoon(window.location.hash), [])
}
