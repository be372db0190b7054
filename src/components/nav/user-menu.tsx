import { Link } from '@tanstack/react-router'
import { useAuth } from '#src/auth/auth-context.ts'
import { useDisclosureMenu } from '#src/components/ui/disclosure-menu.ts'
import { supportConsoleLink, userMenuLinks } from './nav-links.ts'
import { useSignOut } from './use-sign-out.ts'
import { userDisplayName, userInitial } from './user-identity.ts'

export function UserMenu() {
  const { user } = useAuth()
  const { signOut, signingOut } = useSignOut()
  const { open, setOpen, close, containerRef, buttonProps, panelProps } = useDisclosureMenu()

  const links = user?.role === 'support' ? [...userMenuLinks, supportConsoleLink] : userMenuLinks

  const handleSignOut = async () => {
    await signOut()
    setOpen(false)
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        {...buttonProps}
        aria-label={`Account menu for ${userDisplayName(user)}`}
        className="flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white shadow-sm transition hover:bg-brand/90 focus-ring"
      >
        <span aria-hidden="true">{userInitial(user)}</span>
      </button>
      {open && (
        <div
          {...panelProps}
          role="group"
          aria-label="Account menu"
          className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border border-line-strong bg-surface shadow-lg"
        >
          <div className="border-b border-line px-4 py-3">
            <p className="truncate text-sm font-semibold text-fg">{userDisplayName(user)}</p>
            <p className="truncate text-sm text-fg-muted">{user?.email}</p>
          </div>
          <ul className="py-1">
            {links.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  hash={item.hash}
                  onClick={close}
                  className="block px-4 py-2 text-sm text-fg-control hover:bg-subtle focus-visible:bg-subtle focus-ring-inset"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="border-t border-line py-1">
            <button
              type="button"
              onClick={() => void handleSignOut()}
              disabled={signingOut}
              className="block w-full px-4 py-2 text-left text-sm font-medium text-danger-vivid hover:bg-red-50 focus-visible:bg-red-50 focus-ring-inset disabled:opacity-60 dark:hover:bg-red-950/40"
            >
              {signingOut ? 'Signing out...' : 'Sign Out'}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
