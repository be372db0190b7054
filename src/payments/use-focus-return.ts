import { useEffect } from 'react'

/**
 * Gives focus back to whatever had it before a dialog opened, once the dialog is gone. A dialog
 * removed by React (rather than closed by the browser) leaves focus on the page's body, so the
 * keyboard would start again from the top. Focus that something else took meanwhile is left alone.
 */
export function useFocusReturn(): void {
  useEffect(() => {
    const opener = document.activeElement
    return () => {
      const lost = document.activeElement === null || document.activeElement === document.body
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])
}
