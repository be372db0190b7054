import { Link, useLocation } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { track } from '#src/analytics/analytics.ts'
import { AppLink } from '#src/components/app-link.tsx'
import { scrollToSection, sectionOfHref } from '#src/components/marketing/sections.ts'
import { footerColumns, legalLinks, type FooterLink } from './footer-links.ts'

export function SiteFooter() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const onFollow = (event: MouseEvent<HTMLAnchorElement>, column: string, link: FooterLink) => {
    track('footer_link', 'Navigation', { link: link.label, section: column, href: link.href })
    const section = sectionOfHref(link.href)
    if (section && pathname === '/' && scrollToSection(section)) {
      event.preventDefault()
      window.history.replaceState(window.history.state, '', link.href)
    }
  }

  return (
    <footer className="border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div>
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md text-lg font-bold text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-white"
          >
            <img src="/favicon.svg" alt="" className="size-7" />
            Interview Helper
          </Link>
          <p className="mt-3 max-w-xs text-sm text-gray-600 dark:text-gray-400">
            Your real-time AI wingman for video interviews.
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-gray-900 dark:text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <AppLink
                    href={link.href}
                    onClick={(event) => onFollow(event, column.title, link)}
                    data-footer-link={link.label}
                    className="rounded text-sm text-gray-600 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-gray-400 dark:hover:text-white"
                  >
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-t border-gray-100 px-4 py-6 text-xs text-gray-500 dark:border-gray-900 dark:text-gray-400">
        <p>© {new Date().getFullYear()} Interview Helper. All rights reserved.</p>
        <nav aria-label="Legal">
          <ul className="flex gap-4">
            {legalLinks.map((link) => (
              <li key={link.label}>
                <AppLink
                  href={link.href}
                  onClick={(event) => onFollow(event, 'Legal', link)}
                  data-footer-link={link.label}
                  className="rounded underline-offset-2 hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:hover:text-white"
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
