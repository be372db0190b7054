import { describe, expect, it } from 'vitest'
import { linksWhileChecking, signedInLinks, signedOutLinks, type NavItem } from '#src/components/nav/nav-links.ts'
import { hrefOf } from '#src/lib/link-target.ts'

const shownWhen = (state: 'signed-in' | 'signed-out') =>
  linksWhileChecking.filter((item) => item.only !== (state === 'signed-in' ? 'signed-out' : 'signed-in'))
const plain = (items: readonly NavItem[]) => items.map((item) => ({ label: item.label, href: hrefOf(item) }))

describe('the header while the sign-in is being checked', () => {
  it('shows exactly the signed-in bar when tokens are stored, and the signed-out bar otherwise', () => {
    expect(plain(shownWhen('signed-in'))).toEqual(plain(signedInLinks))
    expect(plain(shownWhen('signed-out'))).toEqual(plain(signedOutLinks))
  })
})
