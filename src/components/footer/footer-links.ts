/** The footer's columns of links. */
export type FooterLink = { label: string; href: string }
export type FooterColumn = { title: string; links: readonly FooterLink[] }

export const footerColumns: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/#features' },
      { label: 'Download', href: '/download' },
      { label: 'Pricing', href: '/#pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Blog', href: '/blog' },
      { label: 'About', href: '/about' },
      { label: 'Docs', href: '/docs' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Email', href: '/contact' },
      { label: 'FAQ', href: '/download' },
    ],
  },
]

/** The policy pages, in the footer's bottom line: payment providers and customers look for them on every page. */
export const legalLinks: readonly FooterLink[] = [
  { label: 'Terms', href: '/terms' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Refunds', href: '/refunds' },
]
