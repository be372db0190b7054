import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A modal dialog on the browser's own <dialog>: shown with showModal(), so the browser traps focus
 * in it, makes the page behind it inert and closes it on Escape (then `onClose` runs).
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  className = '',
  children,
}: {
  open: boolean
  onClose: () => void
  labelledBy: string
  className?: string
  children: ReactNode
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl border border-line bg-surface p-0 text-gray-900 shadow-xl backdrop:bg-black/50 dark:text-gray-100 ${className}`}
    >
      {children}
    </dialog>
  )
}
