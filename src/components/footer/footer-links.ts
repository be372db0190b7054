import type { LinkTarget } from '#src/lib/link-target.ts'

/** The footer's columns of links. */
export type FooterLink = LinkTarget & { label: string }
export type FooterColumn = { title: string; links: readonly FooterLink[] }

export const footerColumns: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/', hash: 'features' },
      { label: 'Download', to: '/download' },
      { label: 'Pricing', to: '/', hash: 'pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Blog', to: '/blog' },
      { label: 'About', to: '/about' },
      { label: 'Docs', to: '/docs' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Email', to: '/contact' },
      { label: 'FAQ', to: '/download' },
    ],
  },
]

/** The policy pages, in the footer's bottom line: payment providers and customers look for them on every page. */
export const legalLinks: readonly FooterLink[] = [
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Refunds', to: '/refunds' },
]
