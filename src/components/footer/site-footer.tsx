import { Link, useLocation } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { track } from '#src/analytics/analytics.ts'
import { hrefOf } from '#src/lib/link-target.ts'
import { scrollToSection, sectionOfHref } from '#src/components/marketing/sections.ts'
import { footerColumns, legalLinks, type FooterLink } from './footer-links.ts'

export function SiteFooter() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const onFollow = (event: MouseEvent<HTMLAnchorElement>, column: string, link: FooterLink) => {
    track('footer_link', 'Navigation', { link: link.label, section: column, href: hrefOf(link) })
    const section = sectionOfHref(hrefOf(link))
    if (section && pathname === '/' && scrollToSection(section)) {
      event.preventDefault()
      window.history.replaceState(window.history.state, '', hrefOf(link))
    }
  }

  return (
    <footer className="border-t border-line bg-canvas">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div>
          <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold text-fg focus-ring">
            <img src="/favicon.svg" alt="" className="size-7" />
            Interview Helper
          </Link>
          <p className="mt-3 max-w-xs text-sm text-fg-muted">Your real-time AI wingman for video interviews.</p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-fg">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    hash={link.hash}
                    onClick={(event) => onFollow(event, column.title, link)}
                    data-footer-link={link.label}
                    className="rounded text-sm text-fg-muted hover:text-footer-hover focus-ring"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-t border-gray-100 px-4 py-6 text-xs text-fg-muted dark:border-gray-900">
        <p>© {new Date().getFullYear()} Interview Helper. All rights reserved.</p>
        <nav aria-label="Legal">
          <ul className="flex gap-4">
            {legalLinks.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  hash={link.hash}
                  onClick={(event) => onFollow(event, 'Legal', link)}
                  data-footer-link={link.label}
                  className="rounded underline-offset-2 hover:text-footer-hover hover:underline focus-ring"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
