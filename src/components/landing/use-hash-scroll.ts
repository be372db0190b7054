import { useEffect } from 'react'
import { scrollToHashSoon } from '../marketing/sections.ts'

/** Spec §2: arriving at /#features or /#pricing scrolls there smoothly after about 100 ms. */
export function useHashScroll(): void {
  useEffect(() => scrollToHashSoon(window.location.hash), [])
}
