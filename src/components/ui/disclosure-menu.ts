import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { useDismiss } from '#src/components/use-dismiss.ts'

const items = (panel: HTMLElement | null) =>
  Array.from(panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])

/**
 * A button that shows a panel of links and buttons: the WAI disclosure pattern for navigation, with
 * the keys people expect of a menu. Escape or a press outside closes it (Escape gives focus back to
 * the button); ArrowDown on the button opens it at its first item; arrow keys, Home and End move
 * between its items. Spread `buttonProps` on the button, `panelProps` on the panel, and put
 * `containerRef` on an element holding both.
 */
export function useDisclosureMenu() {
  const [open, setOpen] = useState(false)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const close = useCallback(() => setOpen(false), [])
  const dismiss = useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])
  useDismiss(containerRef, open, dismiss)

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' || open) return
    event.preventDefault()
    flushSync(() => setOpen(true))
    items(panelRef.current)[0]?.focus()
  }
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const found = items(panelRef.current)
    if (found.length === 0) return
    const at = found.findIndex((item) => item === document.activeElement)
    const next = {
      ArrowDown: (at + 1) % found.length,
      ArrowUp: at <= 0 ? found.length - 1 : at - 1,
      Home: 0,
      End: found.length - 1,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    found[next]?.focus()
  }

  return {
    open,
    setOpen,
    close,
    containerRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button',
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
      onKeyDown: onButtonKeyDown,
    },
    panelProps: { ref: panelRef, id: panelId, onKeyDown: onPanelKeyDown },
  } as const
}
