import { useEffect, useRef, type ReactNode, type RefObject, type SyntheticEvent } from 'react'
import { useFocusTrap } from './focus-trap.ts'

type DialogProps = {
  /** Shown while true; a dialog that is mounted only while shown leaves it out. */
  open?: boolean
  /** The person dismissed it: Escape while `dismissible`, or the browser closed it on its own. */
  onClose: () => void
  labelledBy: string
  describedBy?: string
  /** While false Escape does nothing, so work on its way (a payment, a deletion) is never abandoned halfway. */
  dismissible?: boolean
  /** Takes focus on opening; without it the browser focuses the first control. */
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
  children: ReactNode
}

/**
 * A modal dialog on the browser's own <dialog>: shown with showModal(), so the page behind it is
 * inert and screen readers announce it by its title. Tab stays inside it, and once it closes (or is
 * unmounted) focus goes back to what had it before, unless something else has taken it meanwhile.
 */
export function Dialog({
  open = true,
  onClose,
  labelledBy,
  describedBy,
  dismissible = true,
  initialFocus,
  className = '',
  children,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  useFocusTrap(dialog)

  const opener = useRef<Element | null>(null)
  const giveFocusBack = () => {
    const active = document.activeElement
    const lost = active === null || active === document.body || dialog.current?.contains(active) === true
    if (lost && opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
    opener.current = null
  }

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement
      element.showModal()
      initialFocus?.current?.focus()
    } else if (!open && element.open) {
      element.close()
      giveFocusBack()
    }
  }, [open, initialFocus])
  // Unmounted while shown, it leaves the top layer without a close (which would report a dismissal)
  // and focus falls to the page's body.
  useEffect(() => {
    const element = dialog.current
    return () => {
      if (!element?.isConnected) giveFocusBack()
    }
  }, [])

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    if (dismissible) onClose()
  }
  // Closed while still meant to be open: the browser did it (e.g. Chrome after repeated Escape).
  const onBrowserClose = () => {
    if (open) onClose()
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={onCancel}
      onClose={onBrowserClose}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-gray-950/60 ${className}`}
    >
      {children}
    </dialog>
  )
}
