import { useEffect, useRef } from 'react'

/**
 * Scrolls the element to the middle of the screen and focuses it each time `news` changes to a
 * non-null value: a result shown far from where the person is looking (a phone stacks the pricing
 * cards far below the messages above them) is brought to them, and focus goes with it so the
 * keyboard continues from there. The element needs tabIndex -1.
 */
export function useBroughtIntoView<Element extends HTMLElement>(news: string | null) {
  const ref = useRef<Element>(null)
  useEffect(() => {
    const element = ref.current
    if (news === null || !element) return
    element.scrollIntoView({ block: 'center' })
    element.focus({ preventScroll: true })
  }, [news])
  return ref
}
