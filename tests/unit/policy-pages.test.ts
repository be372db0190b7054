import { describe, expect, it } from 'vitest'
import { policyPage, type OperatorDetails } from '#src/components/marketing/content/policy-pages.ts'
import type { Block, Inline } from '#src/lib/markdown-tree.ts'
import { plainText } from '#tests/support/policy-text.ts'

function links(blocks: Block[]): string[] {
  const found: string[] = []
  const visit = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.kind === 'link') found.push(node.href)
      if (node.kind === 'strong' || node.kind === 'em' || node.kind === 'link') visit(node.children)
    }
  }
  for (const block of blocks) {
    if (block.kind === 'list') block.items.forEach(visit)
    else if (block.kind === 'paragraph' || block.kind === 'heading' || block.kind === 'quote') visit(block.children)
  }
  return found
}

const operator: OperatorDetails = {
  legalName: 'Asha_Tech *Private* Limited',
  address: '12 MG Road, Bengaluru 560001',
  supportEmail: 'help_desk@asha.example',
  gstin: '29ABCDE1234F1Z5',
}

describe('policy pages', () => {
  it.each([
    ['terms', 'Terms and Conditions'],
    ['privacy', 'Privacy Policy'],
    ['refunds', 'Cancellation and Refund Policy'],
  ] as const)('%s has its title, a date of last change and no placeholder left', (name, title) => {
    const page = policyPage(name, operator)
    expect(page.title).toBe(title)
    expect(page.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(JSON.stringify(page.blocks)).not.toContain('{{')
    expect(plainText(page.blocks)).toContain(operator.legalName)
  })

  it('fills in the operator details as text, never as Markdown', () => {
    const terms = policyPage('terms', operator)
    const text = plainText(terms.blocks)
    for (const value of [operator.legalName, operator.address, operator.supportEmail, operator.gstin])
      expect(text).toContain(value)
    expect(links(terms.blocks)).toContain('mailto:help_desk@asha.example')
  })

  it('says what is missing honestly and sends mail links to the contact page without a support inbox', () => {
    const refunds = policyPage('refunds', {
      legalName: 'Interview Helper',
      address: null,
      supportEmail: null,
      gstin: null,
    })
    const text = plainText(refunds.blocks)
    // Without the operator's registration the invoices carry a SAMPLE GSTIN: the policy says the same, never "not registered".
    expect(text).toContain(
      'GSTIN: none configured on this server; its invoices carry a SAMPLE GSTIN, marked SAMPLE, and are not tax documents',
    )
    expect(text).not.toContain('not registered for GST')
    expect(text).toContain('postal address available on request through the contact page')
    expect(links(refunds.blocks).every((href) => !href.startsWith('mailto:'))).toBe(true)
    expect(links(refunds.blocks)).toContain('/contact')
  })

  it('states the rules the product applies: no automatic renewal, scheduled downgrades, 30-minute checkouts', () => {
    const text = plainText(policyPage('refunds', operator).blocks)
    expect(text).toContain('nothing is charged automatically')
    expect(text).toContain('A scheduled switch to a lower plan can be cancelled')
    expect(text).toContain('expires after 30 minutes')
    expect(text).toContain('charged more than once')
  })
})
