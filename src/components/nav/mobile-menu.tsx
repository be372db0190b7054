import { useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { useDisclosureMenu } from '#src/components/ui/disclosure-menu.ts'
import { AuthButtons } from './auth-buttons.tsx'
import { NavLinkItem } from './nav-link-item.tsx'
import { signedInLinks, signedOutLinks } from './nav-links.ts'

/** The navigation under 768 px: a menu button that opens the links in a panel (the user menu stays in the bar). */
export function MobileMenu() {
  const { user, loading } = useAuth()
  const pathname = useLocation({ select: (location) => location.pathname })
  const { open, setOpen, close, containerRef, buttonProps, panelProps } = useDisclosureMenu()
  // A navigation closes the panel: the path it was last rendered for tells that one happened.
  const [renderedPathname, setRenderedPathname] = useState(pathname)
  if (renderedPathname !== pathname) {
    setRenderedPathname(pathname)
    setOpen(false)
  }

  const links = user ? signedInLinks : signedOutLinks

  return (
    <div ref={containerRef} className="md:hidden">
      <button
        {...buttonProps}
        className="flex size-10 items-center justify-center rounded-lg text-fg-control hover:bg-muted focus-ring"
      >
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {open && (
        <div
          {...panelProps}
          className="absolute inset-x-0 top-full z-40 border-b border-line bg-canvas px-4 pt-2 pb-4 shadow-lg"
        >
          <ul className="py-2">
            {links.map((item) => (
              <li key={item.label}>
                <NavLinkItem item={item} pathname={pathname} variant="panel" onNavigate={close} />
              </li>
            ))}
          </ul>
          {!user && !loading && <AuthButtons onNavigate={close} stacked />}
        </div>
      )}
    </div>
  )
}
