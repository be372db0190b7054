import { useEffect, useRef, useState, type RefObject } from 'react'

/**
 * Whether the element is on screen: false in the server's HTML and until the browser first reports
 * it, so a figure's endless CSS animation starts only once someone can see it (decision 0063).
 */
export function useOnScreen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null)
  const [onScreen, setOnScreen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1)
      if (entry) setOnScreen(entry.isIntersecting)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, onScreen]
}

/** The attribute the stylesheet pauses animations by (src/styles/animations.css). */
export function motionAttribute(onScreen: boolean): { 'data-motion': 'on' | 'off' } {
  return { 'data-motion': onScreen ? 'on' : 'off' }
}
