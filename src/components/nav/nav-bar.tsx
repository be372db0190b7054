import { Link, useLocation } from '@tanstack/react-router'
import { useAuth } from '#src/auth/auth-context.ts'
import { AuthButtons } from './auth-buttons.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { NavLinkItem } from './nav-link-item.tsx'
import { linksWhileChecking, signedInLinks, signedOutLinks, type CheckingNavItem } from './nav-links.ts'
import { UserMenu } from './user-menu.tsx'
import { ThemeToggle } from '#src/theme/theme-toggle.tsx'

export function NavBar() {
  const { user, loading } = useAuth()
  const pathname = useLocation({ select: (location) => location.pathname })
  const links: readonly CheckingNavItem[] = loading ? linksWhileChecking : user ? signedInLinks : signedOutLinks

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200/80 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav
        aria-label="Main"
        className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:gap-4"
      >
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight whitespace-nowrap text-fg focus-ring"
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          Interview Helper
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((item) => (
            <li key={item.label} data-while-checking={item.only}>
              <NavLinkItem item={item} pathname={pathname} variant="bar" />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {/* While stored tokens are being checked, the session hint picks which of the two shows. */}
          {loading ? (
            <>
              <div data-while-checking="signed-in" className="size-9 rounded-full bg-brand/20" aria-hidden="true" />
              <div data-while-checking="signed-out" className="hidden md:block">
                <AuthButtons />
              </div>
            </>
          ) : user ? (
            <UserMenu />
          ) : (
            <div className="hidden md:block">
              <AuthButtons />
            </div>
          )}
          <MobileMenu />
        </div>
      </nav>
    </header>
  )
}
