import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/**
 * A link to any path of the app, including pages other issues add later (/download, /profile, …)
 * and in-page anchors (/#pricing): a real <a href> that navigates inside the app on a plain click.
 */
export function AppLink({ href, onClick, ...rest }: AppLinkProps) {
  const router = useRouter()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    if (rest.target && rest.target !== '_self') return
    event.preventDefault()
    void router.navigate({ href })
  }
  return <a href={href} onClick={handleClick} {...rest} />
}
