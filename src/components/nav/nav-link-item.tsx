import { Link } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { followSectionLink, sectionOfHref } from '#src/components/marketing/sections.ts'
import { hrefOf } from '#src/lib/link-target.ts'
import { isCurrent, type NavItem } from './nav-links.ts'

const base = 'rounded-md font-medium transition focus-ring'
const styles = {
  // Tighter from 768 px until there is room: the bar must stay on one line.
  bar: `${base} whitespace-nowrap px-2 py-2 text-sm lg:px-3`,
  panel: `${base} block px-3 py-2 text-base hover:bg-subtle`,
}
// One text colour per link: two colour classes on one element are settled by the stylesheet's
// order, not the class list's, and the current page's brand colour lost that way.
const tones = {
  bar: 'text-fg-secondary hover:text-fg',
  panel: 'text-fg-control',
}

export function NavLinkItem({
  item,
  pathname,
  variant,
  onNavigate,
}: {
  item: NavItem
  pathname: string
  variant: keyof typeof styles
  onNavigate?: () => void
}) {
  const current = isCurrent(item, pathname)
  const section = sectionOfHref(hrefOf(item))
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (section && followSectionLink(section, pathname === '/')) event.preventDefault()
    onNavigate?.()
  }
  return (
    <Link
      to={item.to}
      hash={item.hash}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      className={`${styles[variant]} ${current ? 'text-brand' : tones[variant]}`}
    >
      {item.label}
    </Link>
  )
}
