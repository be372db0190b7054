import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Navigates to `href` after `delayMs` once `href` is set; a page left earlier cancels it. */
export function useRedirectAfter(href: string | null, delayMs: number): void {
  const router = useRouter()
  useEffect(() => {
    if (href === null) return
    const timer = setTimeout(() => void router.navigate({ href, replace: true }), delayMs)
    return () => clearTimeout(timer)
  }, [href, delayMs, router])
}
