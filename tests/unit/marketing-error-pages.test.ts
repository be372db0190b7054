import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { pageTitleFor } from '#src/analytics/page-titles.ts'
import { DefaultCatchBoundary } from '#src/components/default-catch-boundary.tsx'
import { footerColumns } from '#src/components/footer/footer-links.ts'
import { sectionOfHref } from '#src/components/marketing/sections.ts'
import { hrefOf } from '#src/lib/link-target.ts'

describe('marketing pieces', () => {
  it('shows the router failure page with its heading, the message and a way home', () => {
    const html = renderToStaticMarkup(
      createElement(DefaultCatchBoundary, { error: new Error('Loader exploded'), reset: () => undefined }),
    )
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('Loader exploded')
    expect(html).toContain('href="/"')
  })

  it('has the site footer', () => {
    expect(
      footerColumns.map((column) => [column.title, column.links.map((link) => `${link.label} ${hrefOf(link)}`)]),
    ).toEqual([
      ['Product', ['Features /#features', 'Download /download', 'Pricing /#pricing']],
      ['Company', ['Blog /blog', 'About /about', 'Docs /docs']],
      ['Support', ['Email /contact', 'FAQ /download']],
    ])
  })

  it('knows the landing sections and a title for every page', () => {
    expect(sectionOfHref('/#features')).toBe('features')
    expect(sectionOfHref('/#pricing')).toBe('pricing')
    expect(sectionOfHref('/download')).toBeUndefined()
    expect(pageTitleFor('/')).toBe('Home')
    expect(pageTitleFor('/download/')).toBe('Download')
    expect(pageTitleFor('/blog/star-method')).toBe('Blog Article')
    expect(pageTitleFor('/invoice/order_Nx1y2z3a4b5c6d')).toBe('Invoice')
    expect(pageTitleFor('/nowhere')).toBe('Page Not Found')
  })
})
